import type { SimNarrowTerm } from './wire-values';
import { canReadHistory, canSeeChannel, topicForDisplay } from './channel-access';
import type {
  AlertWordsEvent,
  DeleteMessageEvent,
  ReactionEvent,
  RealmBotEvent,
  TypingEvent,
  UserTopicEvent,
  DraftsEvent,
  RealmUserAddEvent,
  RealmUserUpdateEvent,
  SavedSnippetsEvent,
  StreamEvent,
  SubscriptionMembershipEvent,
  SubscriptionPeerEvent,
  SubscriptionUpdateEvent,
  SvcEvent,
  UpdateMessageEvent,
  UpdateMessageFlagsEvent,
  UserSettingsEvent,
} from './events';
import { canSeeRealEmail, formatUser, withoutUndefined } from './format-user';
import { shapeMessageEvent } from './handlers/send-message';
import type { SimUser, SvcStore } from './store';

/** What a queue asked for at registration that changes the shape of what it receives. */
export interface DeliveryPreferences {
  clientGravatar: boolean;
  applyMarkdown: boolean;
  /** `client_capabilities` as sent, e.g. `empty_topic_name`, `user_settings_object`. */
  capabilities: Readonly<Record<string, boolean>>;
}

/**
 * Per-recipient conditions, by event type, on top of "an active user of the realm whose queue asked for
 * this type". This is the hook for events that only some people get: typing notifications go only to
 * users whose `receives_typing_notifications` is true.
 */
const RECIPIENT_FILTERS: Readonly<Record<string, (store: SvcStore, recipient: SimUser) => boolean>> = {
  typing: (store, recipient) => store.personalSetting(recipient.user_id, 'receives_typing_notifications'),
};

/**
 * The event `recipient` receives, shaped for them (what they may see, in the form their queue asked for),
 * or null when they do not receive it at all.
 */
export function shapeEventFor(
  store: SvcStore,
  event: SvcEvent,
  recipient: SimUser,
  preferences: DeliveryPreferences,
): SvcEvent | null {
  const filter = RECIPIENT_FILTERS[event.type];
  if (filter && !filter(store, recipient)) return null;
  switch (event.type) {
    case 'realm_user':
      if (event.op === 'add') return shapeUserAdd(store, event, recipient);
      if (event.op === 'update') return shapeUserUpdate(store, event, recipient);
      return event;
    case 'user_status':
      return event;
    case 'realm_linkifiers':
      // Real servers since level 176 send it only to queues registered with the `linkifier_url_template`
      // client capability. Not enforced yet: the console's queue does not declare that capability.
      return event;
    case 'drafts':
    case 'saved_snippets':
    case 'user_settings':
      return ownersOnly(event, recipient);
    case 'subscription':
      return 'owner_id' in event ? ownersOnly(event, recipient) : shapePeerEvent(store, event, recipient);
    case 'stream':
      return streamEventReaches(store, event, recipient) ? event : null;
    case 'delete_message':
      return shapeDeleteMessage(store, event, recipient, preferences);
    case 'update_message':
      return shapeUpdateMessage(store, event, recipient, preferences);
    case 'update_message_flags':
      return shapeFlagsEvent(event, recipient, preferences);
    case 'message':
      return shapeMessageEvent(store, event, recipient, preferences);
    case 'realm_export': {
      if (!event.recipient_ids?.includes(recipient.user_id)) return null;
      const { recipient_ids: _ids, ...delivered } = event;
      return delivered;
    }
    case 'invites_changed':
      return event.recipient_ids?.includes(recipient.user_id) ? { type: 'invites_changed' } : null;
    case 'typing':
      // Typing in a channel reaches only clients that declared they understand it.
      if (event.message_type === 'stream' && preferences.capabilities.stream_typing_notifications !== true) return null;
      return recipientsOnly(event, recipient);
    case 'reaction':
    case 'realm_bot':
      return recipientsOnly(event, recipient);
    case 'alert_words':
    case 'user_topic':
      return ownersOnly(event, recipient);
    default:
      // Types added later pass unchanged until they need shaping.
      return event;
  }
}

/** Events addressed to some people (`recipient_ids`): only they hear of them, without the routing field. */
function recipientsOnly(event: ReactionEvent | TypingEvent | RealmBotEvent, recipient: SimUser): SvcEvent | null {
  if (!event.recipient_ids?.includes(recipient.user_id)) return null;
  const { recipient_ids: _ids, ...delivered } = event;
  return delivered as SvcEvent;
}

/** Drafts, saved snippets, own settings and subscription settings are private: only their owner hears of them, without the routing field. */
function ownersOnly(
  event:
    | AlertWordsEvent
    | UserTopicEvent
    | DraftsEvent
    | SavedSnippetsEvent
    | SubscriptionUpdateEvent
    | SubscriptionMembershipEvent
    | UpdateMessageFlagsEvent
    | UserSettingsEvent,
  recipient: SimUser,
): SvcEvent | null {
  if (event.owner_id !== recipient.user_id) return null;
  const { owner_id: _owner, ...delivered } = event;
  return delivered as SvcEvent;
}

/** The whole user record, as this recipient may see it (real email or null, like `GET /users`). */
function shapeUserAdd(store: SvcStore, event: RealmUserAddEvent, recipient: SimUser): RealmUserAddEvent {
  const target = store.user(event.person.user_id);
  if (!target) return event;
  // The server always sends full avatar URLs here, whatever the queue's client_gravatar.
  const person = formatUser(store, recipient, target, { clientGravatar: false, includeCustomProfileFields: false });
  return { ...event, person: withoutUndefined(person) };
}

/** A changed real address reaches only those allowed to see it. */
function shapeUserUpdate(store: SvcStore, event: RealmUserUpdateEvent, recipient: SimUser): SvcEvent | null {
  if (!('delivery_email' in event.person)) return event;
  const target = store.user(event.person.user_id);
  return target && canSeeRealEmail(recipient, target) ? event : null;
}

/** Clients without the `empty_topic_name` capability get the empty topic under its display name. */
function takesEmptyTopic(preferences: DeliveryPreferences): boolean {
  return preferences.capabilities.empty_topic_name === true;
}

/** A channel's events reach those with metadata access to it; a channel already gone concerns everyone. */
function streamEventReaches(store: SvcStore, event: StreamEvent, recipient: SimUser): boolean {
  const ids =
    event.op === 'create'
      ? event.streams.map((s) => Number(s.stream_id))
      : event.op === 'delete'
        ? event.stream_ids
        : [event.stream_id];
  return ids.some((id) => {
    const channel = store.channel(id);
    return !channel || canSeeChannel(store, recipient, channel);
  });
}

/**
 * Other people's subscription changes, for the channels the recipient may see. The people concerned hear
 * of their own change through `add`/`remove` instead.
 */
function shapePeerEvent(store: SvcStore, event: SubscriptionPeerEvent, recipient: SimUser): SvcEvent | null {
  if (event.user_ids.includes(recipient.user_id)) return null;
  const streamIds = event.stream_ids.filter((id) => {
    const channel = store.channel(id);
    return channel !== undefined && canSeeChannel(store, recipient, channel);
  });
  if (streamIds.length === 0) return null;
  return streamIds.length === event.stream_ids.length ? event : { ...event, stream_ids: streamIds };
}

/** Deleted messages concern those who could read them. */
/**
 * Whether a message (as its event carries it) matches a register narrow: the channel, topic, sender and
 * direct-message terms a client narrows its queue by. Terms the simulator does not read let everything through.
 */
export function messageInNarrow(
  store: SvcStore,
  message: Record<string, unknown>,
  narrow: readonly SimNarrowTerm[],
): boolean {
  return narrow.every((term) => {
    const operand = term.operand;
    const text = String(operand).trim().toLowerCase();
    let match: boolean;
    switch (term.operator) {
      case 'channel':
      case 'stream': {
        const channel =
          typeof operand === 'number'
            ? store.channel(operand)
            : store.channels.find((c) => c.name.toLowerCase() === text);
        match = channel !== undefined && message.stream_id === channel.stream_id;
        break;
      }
      case 'topic':
      case 'subject':
        match = message.type === 'stream' && String(message.subject).toLowerCase() === text;
        break;
      case 'is':
        match = text === 'dm' || text === 'private' ? message.type === 'private' : true;
        break;
      case 'sender': {
        const sender = typeof operand === 'number' ? store.user(operand) : store.userByApiEmail(String(operand));
        match = sender !== undefined && message.sender_id === sender.user_id;
        break;
      }
      default:
        match = true;
    }
    return term.negated ? !match : match;
  });
}

/**
 * What a queue receives for one shaped event: a deletion reaches a client without the
 * `bulk_message_deletion` capability as one event per message (`message_id`), as real servers send it.
 */
export function deliveredEvents(event: SvcEvent, preferences: DeliveryPreferences): SvcEvent[] {
  if (event.type !== 'delete_message' || preferences.capabilities.bulk_message_deletion === true) return [event];
  const { message_ids: ids, ...rest } = event;
  return ids.map((message_id) => ({ ...rest, message_id }) as unknown as SvcEvent);
}

function shapeDeleteMessage(
  store: SvcStore,
  event: DeleteMessageEvent,
  recipient: SimUser,
  preferences: DeliveryPreferences,
): SvcEvent | null {
  const { only_user_ids: only, ...delivered } = event;
  if (only !== undefined) {
    if (!only.includes(recipient.user_id)) return null;
  } else if (delivered.stream_id !== undefined) {
    const channel = store.channel(delivered.stream_id);
    if (channel && !canReadHistory(store, recipient, channel)) return null;
  }
  if (delivered.topic === undefined) return delivered;
  return { ...delivered, topic: topicForDisplay(delivered.topic, takesEmptyTopic(preferences)) };
}

/**
 * Edits and moves reach those who may read the channel the messages are in now (those who lost access by
 * a move hear of it as a deletion instead), with their own flags for the edited message.
 */
function shapeUpdateMessage(
  store: SvcStore,
  event: UpdateMessageEvent,
  recipient: SimUser,
  preferences: DeliveryPreferences,
): SvcEvent | null {
  const streamId = event.new_stream_id ?? event.stream_id;
  const channel = streamId === undefined ? undefined : store.channel(streamId);
  if (channel && !canReadHistory(store, recipient, channel)) return null;
  const message = store.messages.get(event.message_id);
  // As on a real server: those who received the messages (the channel's subscribers, its old one's for a move,
  // who read it or sent it) hear of the edit; someone who may read the channel without following it does not.
  const old = event.stream_id === undefined ? undefined : store.channel(event.stream_id);
  const concerned =
    (channel?.subscribers.has(recipient.user_id) ?? true) ||
    (old?.subscribers.has(recipient.user_id) ?? false) ||
    (message !== undefined && (message.readBy.has(recipient.user_id) || message.senderId === recipient.user_id));
  if (!concerned) return null;
  const read = message?.readBy.has(recipient.user_id) ?? true;
  const received = read || (channel?.subscribers.has(recipient.user_id) ?? false);
  const flags = received ? (read ? ['read'] : []) : ['read', 'historical'];
  const emptyOk = takesEmptyTopic(preferences);
  return {
    ...event,
    flags,
    ...(event.orig_subject !== undefined ? { orig_subject: topicForDisplay(event.orig_subject, emptyOk) } : {}),
    ...(event.subject !== undefined ? { subject: topicForDisplay(event.subject, emptyOk) } : {}),
  };
}

function shapeFlagsEvent(
  event: UpdateMessageFlagsEvent,
  recipient: SimUser,
  preferences: DeliveryPreferences,
): SvcEvent | null {
  const delivered = ownersOnly(event, recipient);
  if (!delivered || !event.message_details || takesEmptyTopic(preferences)) return delivered;
  const details = Object.fromEntries(
    Object.entries(event.message_details).map(([id, d]) => [
      id,
      d.type === 'stream' ? { ...d, topic: topicForDisplay(d.topic, false) } : d,
    ]),
  );
  return { ...delivered, message_details: details } as SvcEvent;
}
