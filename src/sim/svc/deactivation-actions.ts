import { avatarUrl } from './format-user';
import { changeFullName } from './mutations';
import { boolValue, dictValue, type Decoder } from './param-spec';
import type { SimMessage, SimUser, SvcStore } from './store';

/**
 * What `DELETE /users/{user_id}` may do besides deactivating (level 459, the `actions` object), for spam
 * accounts: the server's own reading of the object and the effects, with the events a real server sends.
 */

export const DEACTIVATION_ACTIONS = [
  'delete_profile',
  'delete_public_channel_messages',
  'delete_private_channel_messages',
  'delete_direct_messages',
] as const;
export type DeactivationActions = Record<(typeof DEACTIVATION_ACTIONS)[number], boolean>;

/** The name a deleted profile gets (the API documentation's words). */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * The server reads `actions` into a model whose fields all default to false; like any such model it
 * ignores fields it does not know, and refuses a field that is not a boolean.
 */
export const deactivationActionsValue: Decoder<DeactivationActions> = (value, path) => {
  const dict = dictValue(value, path);
  const actions: DeactivationActions = {
    delete_profile: false,
    delete_public_channel_messages: false,
    delete_private_channel_messages: false,
    delete_direct_messages: false,
  };
  for (const name of DEACTIVATION_ACTIONS) {
    if (dict[name] !== undefined) actions[name] = boolValue(dict[name], `${path}["${name}"]`);
  }
  return actions;
};

/** A public channel, as the server counts them here: not private, history shared with subscribers. */
function inPublicChannel(store: SvcStore, m: SimMessage): boolean {
  const channel = store.channel(m.streamId);
  return channel !== undefined && !channel.inviteOnly && channel.historyPublicToSubscribers;
}

function doomedMessages(store: SvcStore, user: SimUser, actions: DeactivationActions): SimMessage[] {
  const doomed: SimMessage[] = [];
  for (const m of store.messages.values()) {
    if (m.senderId !== user.user_id) continue;
    const wanted = m.dmRecipients
      ? actions.delete_direct_messages
      : inPublicChannel(store, m)
        ? actions.delete_public_channel_messages
        : actions.delete_private_channel_messages;
    if (wanted) doomed.push(m);
  }
  return doomed;
}

/**
 * Deletes the messages and announces them as the server does: one `delete_message` per channel topic (IDs
 * ascending) or direct-message conversation (to its participants only), then a changed `first_message_id`.
 */
function deleteMessages(store: SvcStore, doomed: readonly SimMessage[]): void {
  const firstBefore = new Map<number, number | null>();
  const groups = new Map<string, SimMessage[]>();
  for (const m of doomed) {
    if (!m.dmRecipients && !firstBefore.has(m.streamId)) firstBefore.set(m.streamId, store.firstMessageId(m.streamId));
    const key = m.dmRecipients ? `dm:${m.dmRecipients.join(',')}` : `${m.streamId}:${m.topic.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  for (const m of doomed) store.messages.delete(m.id);
  for (const messages of groups.values()) {
    const first = messages[0]!;
    const ids = messages.map((m) => m.id).sort((a, b) => a - b);
    if (first.dmRecipients) {
      store.emit({
        type: 'delete_message',
        message_type: 'private',
        message_ids: ids,
        only_user_ids: [...first.dmRecipients],
      });
    } else {
      const place = { stream_id: first.streamId, topic: first.topic };
      store.emit({ type: 'delete_message', message_type: 'stream', message_ids: ids, ...place });
    }
  }
  for (const [streamId, before] of firstBefore) {
    const after = store.firstMessageId(streamId);
    const channel = store.channel(streamId);
    if (after === before || !channel) continue;
    store.emit({
      type: 'stream',
      op: 'update',
      stream_id: streamId,
      name: channel.name,
      property: 'first_message_id',
      value: after,
    });
  }
}

/** "Deleted user", and the uploaded picture replaced by the default one (a new avatar version). */
function deleteProfile(store: SvcStore, user: SimUser): void {
  changeFullName(store, user, DELETED_USER_NAME);
  user.avatarSource = 'G';
  user.avatarVersion += 1;
  const url = avatarUrl(store, user, user, false);
  store.emit({
    type: 'realm_user',
    op: 'update',
    person: {
      user_id: user.user_id,
      avatar_source: 'G',
      avatar_url: url,
      avatar_url_medium: url === null ? null : `${url}&s=500`,
      avatar_version: user.avatarVersion,
    },
  });
}

/** Applies the requested actions to one (already deactivated) account. */
export function applyDeactivationActions(store: SvcStore, user: SimUser, actions: DeactivationActions): void {
  const doomed = doomedMessages(store, user, actions);
  if (doomed.length > 0) deleteMessages(store, doomed);
  if (actions.delete_profile) deleteProfile(store, user);
}
