import type { ReactionType, Role } from '../../shared/svc';
import { formatUser, renderedFieldValue, withoutUndefined } from './format-user';
import type { SimUser, StatusRow, SvcStore } from './store';

/**
 * State changes with their events. Permission rules live in the handlers; these only change data and
 * announce it, each through `store.emit`.
 */

// Deactivation became an `update` of `is_active` at level 222; before, users were "removed" and "added".
const ACTIVE_FLAG_EVENTS_LEVEL = 222;

export function changeFullName(store: SvcStore, user: SimUser, fullName: string): void {
  if (user.fullName === fullName) return;
  user.fullName = fullName;
  store.emit({ type: 'realm_user', op: 'update', person: { user_id: user.user_id, full_name: fullName } });
}

export function changeRole(store: SvcStore, user: SimUser, role: Role): void {
  if (user.role === role) return;
  user.role = role;
  store.emit({ type: 'realm_user', op: 'update', person: { user_id: user.user_id, role } });
}

/** An empty value clears the field. */
export function setProfileField(store: SvcStore, user: SimUser, fieldId: number, fieldType: number, value: string) {
  if ((user.profileData.get(fieldId) ?? '') === value) return;
  if (value === '') user.profileData.delete(fieldId);
  else user.profileData.set(fieldId, value);
  const change = value === '' ? { id: fieldId, value: null } : { id: fieldId, ...renderedFieldValue(fieldType, value) };
  store.emit({ type: 'realm_user', op: 'update', person: { user_id: user.user_id, custom_profile_field: change } });
}

export function deactivate(store: SvcStore, user: SimUser, notificationComment: string | undefined): void {
  if (!user.isActive) return;
  user.isActive = false;
  if (store.featureLevel >= ACTIVE_FLAG_EVENTS_LEVEL) {
    store.emit({ type: 'realm_user', op: 'update', person: { user_id: user.user_id, is_active: false } });
  } else {
    store.emit({ type: 'realm_user', op: 'remove', person: { user_id: user.user_id, full_name: user.fullName } });
  }
  if (notificationComment !== undefined) {
    store.sentEmails.push({
      to: user.deliveryEmail,
      userId: user.user_id,
      kind: 'account_deactivated',
      comment: notificationComment,
      sentAt: store.now(),
    });
  }
  // A deactivated person's bots stop too, as on the server.
  if (!user.isBot) {
    for (const bot of store.users) {
      if (bot.isBot && bot.isActive && bot.botOwnerId === user.user_id) deactivate(store, bot, undefined);
    }
  }
}

export function reactivate(store: SvcStore, user: SimUser, actor: SimUser): void {
  if (user.isActive) return;
  user.isActive = true;
  if (store.featureLevel >= ACTIVE_FLAG_EVENTS_LEVEL) {
    store.emit({ type: 'realm_user', op: 'update', person: { user_id: user.user_id, is_active: true } });
  } else {
    const person = formatUser(store, actor, user, { clientGravatar: false, includeCustomProfileFields: false });
    store.emit({ type: 'realm_user', op: 'add', person: withoutUndefined(person) });
  }
}

export interface StatusChange {
  status_text?: string;
  emoji?: { emoji_name: string; emoji_code: string; reaction_type: ReactionType };
}

/** Changes only what the request carried; the event lists exactly those properties. */
export function updateStatus(store: SvcStore, user: SimUser, change: StatusChange): void {
  const row: StatusRow = store.statuses.get(user.user_id) ?? {
    status_text: '',
    emoji_name: '',
    emoji_code: '',
    reaction_type: 'unicode_emoji',
  };
  if (change.status_text !== undefined) row.status_text = change.status_text;
  if (change.emoji) Object.assign(row, change.emoji);
  if (row.status_text === '' && row.emoji_name === '') store.statuses.delete(user.user_id);
  else store.statuses.set(user.user_id, row);
  store.emit({
    type: 'user_status',
    user_id: user.user_id,
    ...(change.status_text !== undefined ? { status_text: change.status_text } : {}),
    ...(change.emoji ?? {}),
  });
}
