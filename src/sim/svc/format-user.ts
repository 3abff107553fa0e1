import { createHash } from 'node:crypto';
import type { OwnUser, User } from '../../shared/svc';
import { SIM_LEVELS } from './levels';
import { renderMarkdown } from './markdown';
import { EMAIL_VISIBILITY, PROFILE_FIELD_TYPE, type SimUser, type StatusRow, type SvcStore } from './store';

/** Whether `viewer` may see `target`'s real email address under the target's visibility setting. */
export function canSeeRealEmail(viewer: SimUser, target: SimUser): boolean {
  if (target.isBot || viewer.user_id === target.user_id) return true;
  switch (target.emailAddressVisibility) {
    case EMAIL_VISIBILITY.everyone:
      return true;
    case EMAIL_VISIBILITY.members:
      return viewer.role <= 400;
    case EMAIL_VISIBILITY.moderators:
      return viewer.role <= 300;
    case EMAIL_VISIBILITY.admins:
      return viewer.role <= 200;
    case EMAIL_VISIBILITY.nobody:
      return false;
  }
}

export interface FormatOptions {
  clientGravatar: boolean;
  includeCustomProfileFields: boolean;
}

// Hashing is the slow part of a 10,000-user listing, and an address rarely changes.
const gravatarHashes = new Map<string, string>();

function gravatarUrl(email: string, version: number): string {
  const key = email.trim().toLowerCase();
  let hash = gravatarHashes.get(key);
  if (hash === undefined) {
    hash = createHash('md5').update(key).digest('hex');
    gravatarHashes.set(key, hash);
  }
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=${version}`;
}

export function avatarUrl(store: SvcStore, viewer: SimUser, target: SimUser, clientGravatar: boolean): string | null {
  if (target.avatarSource === 'U') {
    return `${store.realm.baseUrl}/user_avatars/${store.realm.id}/${target.user_id}.svg?version=${target.avatarVersion}`;
  }
  // The client computes gravatar URLs itself, but only from an address it is allowed to see.
  if (clientGravatar && canSeeRealEmail(viewer, target)) return null;
  return gravatarUrl(target.deliveryEmail, target.avatarVersion);
}

export function profileDataOf(store: SvcStore, user: SimUser): NonNullable<User['profile_data']> {
  const out: NonNullable<User['profile_data']> = {};
  for (const [fieldId, value] of user.profileData) {
    const field = store.profileField(fieldId);
    if (!field) continue;
    out[String(fieldId)] = renderedFieldValue(field.type, value);
  }
  return out;
}

// The real server renders a field's Markdown when the value is saved and stores the HTML; rendering it again for
// each of 10,000 users on every list made the list mostly Markdown work. The rendering depends on the text
// alone, so a cache keyed by it gives the same answers; bounded, as a store of values would be.
const RENDERED_CACHE_LIMIT = 50_000;
const renderedCache = new Map<string, string>();

function storedRendering(value: string): string {
  let html = renderedCache.get(value);
  if (html === undefined) {
    if (renderedCache.size >= RENDERED_CACHE_LIMIT) renderedCache.clear();
    html = renderMarkdown(value);
    renderedCache.set(value, html);
  }
  return html;
}

/** Text fields support Markdown, so the server adds their HTML rendering. */
export function renderedFieldValue(type: number, value: string): { value: string; rendered_value?: string } {
  if (type === PROFILE_FIELD_TYPE.shortText || type === PROFILE_FIELD_TYPE.longText) {
    return { value, rendered_value: storedRendering(value) };
  }
  return { value };
}

/** Undefined means "not sent": JSON leaves the key out. */
function deliveryEmailValue(store: SvcStore, viewer: SimUser, target: SimUser): string | null | undefined {
  const visible = canSeeRealEmail(viewer, target);
  if (store.featureLevel >= SIM_LEVELS.deliveryEmailAlwaysPresent) return visible ? target.deliveryEmail : null;
  // Older servers sent it only when it differed from `email` and the viewer could see it.
  const restricted = !target.isBot && target.emailAddressVisibility !== EMAIL_VISIBILITY.everyone;
  return restricted && visible ? target.deliveryEmail : undefined;
}

// Listing 10,000 users builds 10,000 of these, so they are single object literals (no spreads): fields a
// server would leave out are set to undefined, which JSON drops.

/** Whether the account is an imported stub, on servers that say (level 433); undefined (not sent) before. */
function importedStub(store: SvcStore, user: SimUser): boolean | undefined {
  return store.featureLevel >= SIM_LEVELS.importedStubUsers ? user.isImportedStub === true : undefined;
}

/** A user as `viewer` sees it in `GET /users` and `GET /users/{user_id}`. */
export function formatUser(
  store: SvcStore,
  viewer: SimUser,
  target: SimUser,
  options: FormatOptions,
): User & { is_imported_stub?: boolean } {
  return {
    user_id: target.user_id,
    delivery_email: deliveryEmailValue(store, viewer, target),
    email: target.apiEmail,
    full_name: target.fullName,
    date_joined: target.dateJoined,
    is_active: target.isActive,
    is_owner: target.role === 100,
    is_admin: target.role === 100 || target.role === 200,
    is_guest: target.role === 600,
    // Removed at level 363; older servers still sent it.
    is_billing_admin: store.featureLevel < 363 ? target.role === 100 : undefined,
    is_bot: target.isBot,
    // A real server leaves both out of a person's record altogether (not null).
    bot_type: target.isBot ? target.botType : undefined,
    bot_owner_id: target.isBot ? target.botOwnerId : undefined,
    role: target.role,
    timezone: target.timezone,
    avatar_url: avatarUrl(store, viewer, target, options.clientGravatar),
    avatar_version: target.avatarVersion,
    profile_data: options.includeCustomProfileFields && !target.isBot ? profileDataOf(store, target) : undefined,
    is_imported_stub: importedStub(store, target),
  };
}

/** Records are built with undefined for "not sent"; an event payload should not carry such keys. */
export function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** `GET /users/me`: no bot fields, always a full avatar URL, own profile data included. */
export function formatOwnUser(
  store: SvcStore,
  me: SimUser,
  maxMessageId: number,
): OwnUser & { is_imported_stub?: boolean } {
  return {
    user_id: me.user_id,
    delivery_email: deliveryEmailValue(store, me, me),
    email: me.apiEmail,
    full_name: me.fullName,
    date_joined: me.dateJoined,
    is_active: me.isActive,
    is_owner: me.role === 100,
    is_admin: me.role === 100 || me.role === 200,
    is_guest: me.role === 600,
    is_billing_admin: store.featureLevel < 363 ? me.role === 100 : undefined,
    is_bot: me.isBot,
    role: me.role,
    timezone: me.timezone,
    avatar_url: avatarUrl(store, me, me, false),
    avatar_version: me.avatarVersion,
    profile_data: me.isBot ? undefined : profileDataOf(store, me),
    max_message_id: maxMessageId,
    is_imported_stub: importedStub(store, me),
  };
}

/** The API shape: keys are present only for what is set. */
export function formatStatus(row: StatusRow | undefined): Record<string, string> {
  if (!row) return {};
  return {
    ...(row.status_text ? { status_text: row.status_text } : {}),
    ...(row.emoji_name
      ? { emoji_name: row.emoji_name, emoji_code: row.emoji_code, reaction_type: row.reaction_type }
      : {}),
  };
}
