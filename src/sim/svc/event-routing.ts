import type {
  DraftsEvent,
  RealmUserAddEvent,
  RealmUserUpdateEvent,
  SavedSnippetsEvent,
  SubscriptionMembershipEvent,
  SubscriptionUpdateEvent,
  SvcEvent,
} from './events';
import { canSeeRealEmail, formatUser, withoutUndefined } from './format-user';
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
  _preferences: DeliveryPreferences,
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
      return ownersOnly(event, recipient);
    case 'subscription':
      return 'owner_id' in event ? ownersOnly(event, recipient) : event;
    default:
      // Types added later pass unchanged until they need shaping.
      return event;
  }
}

/** Drafts, saved snippets and subscription settings are private: only their owner hears of them, without the routing field. */
function ownersOnly(
  event: DraftsEvent | SavedSnippetsEvent | SubscriptionUpdateEvent | SubscriptionMembershipEvent,
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
