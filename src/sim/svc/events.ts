import type { User } from '../../shared/svc';

/**
 * Event payloads the mutations produce, shaped like the server's `GET /events` entries minus the queue's
 * `id` (a queue numbers the events it delivers).
 */

export interface CustomProfileFieldChange {
  id: number;
  value: string | null;
  rendered_value?: string;
}

/** `person` carries the user ID plus exactly the one property that changed. */
export type RealmUserPersonUpdate = { user_id: number } & (
  { full_name: string } | { role: number } | { is_active: boolean } | { custom_profile_field: CustomProfileFieldChange }
);

export interface RealmUserUpdateEvent {
  type: 'realm_user';
  op: 'update';
  person: RealmUserPersonUpdate;
}

/** Before level 222 reactivation was announced as the user being added again. */
export interface RealmUserAddEvent {
  type: 'realm_user';
  op: 'add';
  person: User;
}

/** Before level 222 deactivation was announced as the user being removed. */
export interface RealmUserRemoveEvent {
  type: 'realm_user';
  op: 'remove';
  person: { user_id: number; full_name: string };
}

/** Only the properties the request set are present. */
export interface UserStatusEvent {
  type: 'user_status';
  user_id: number;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

export type SvcEvent = RealmUserUpdateEvent | RealmUserAddEvent | RealmUserRemoveEvent | UserStatusEvent;

export type SvcEventListener = (event: SvcEvent) => void;
