import { canSeeChannel, holdsChannelPermission, holdsRealmPermission, isInGroupSetting } from '../channel-access';
import { badRequest, mustBeOwner, SvcError } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import type { SimChannel, SimUser, SvcStore } from '../store';
import { bool, int, intList, json, text, intValue, textUpTo } from '../param-spec';
import { isAdminRole } from '../permissions';
import { SIM_LEVELS } from '../levels';

/** Minutes, or null for never. */
const nullableInt = (value: unknown, path: string) => (value === null ? null : intValue(value, path));
import { roleValue } from '../wire-values';

/**
 * Invitations by email and reusable invite links, as a real server (level 372) answers them: members invite
 * by email, administrators create links; per-address refusals come back in one `INVITATION_FAILED` envelope;
 * every change tells administrators and the invitation's author with an `invites_changed` event.
 */

const OWNER = 100;
const GUEST = 600;
const ADMIN_ROLES = new Set([100, 200]);
/** Roles only administrators may invite (owners only by owners). */
const ADMIN_INVITED_ROLES = new Set([100, 200, 300]);
/** The server's INVITATION_LINK_VALIDITY_DAYS. */
const DEFAULT_EXPIRY_MINUTES = 10 * 24 * 60;

const NO_SUCH_INVITATION = 'No such invitation';
const INSUFFICIENT = 'Insufficient permission';

interface SimInvite {
  id: number;
  referrerId: number;
  invitedAs: number;
  /** Seconds. */
  invitedAt: number;
  /** Seconds; null: never. */
  expiresAt: number | null;
  streamIds: number[];
  groupIds: number[];
  includeDefaults: boolean;
}

interface EmailInvite extends SimInvite {
  email: string;
  notifyReferrer: boolean;
  /** How many times the invitation email went out (the first send included). */
  sent: number;
}

interface LinkInvite extends SimInvite {
  token: string;
  revoked: boolean;
}

interface InviteBook {
  byEmail: EmailInvite[];
  links: LinkInvite[];
  nextEmailId: number;
  nextLinkId: number;
}

// Kept beside the store rather than in it: only these endpoints read or write invitations.
const books = new WeakMap<SvcStore, InviteBook>();

function bookOf(store: SvcStore): InviteBook {
  let book = books.get(store);
  if (!book) books.set(store, (book = { byEmail: [], links: [], nextEmailId: 1, nextLinkId: 1 }));
  return book;
}

const nowSeconds = (store: SvcStore) => Math.floor(store.now() / 1000);
const isAdmin = (user: SimUser) => ADMIN_ROLES.has(user.role);
const live = (store: SvcStore, invite: SimInvite) => invite.expiresAt === null || invite.expiresAt >= nowSeconds(store);

/** `@require_member_or_admin`: guests are refused before anything else. */
function refuseGuests(me: SimUser): void {
  if (me.role === GUEST) throw badRequest('Not allowed for guest users');
}

function checkRole(me: SimUser, invitedAs: number): void {
  if (invitedAs === OWNER && me.role !== OWNER) throw mustBeOwner();
  if (ADMIN_INVITED_ROLES.has(invitedAs) && !isAdmin(me)) throw badRequest('Must be an organization administrator');
}

function canAddSubscribers(store: SvcStore, me: SimUser, channel: SimChannel): boolean {
  if (isAdmin(me)) return true;
  return (
    holdsRealmPermission(store, me, 'can_add_subscribers_group') ||
    holdsChannelPermission(store, me, channel, 'can_add_subscribers_group') ||
    holdsChannelPermission(store, me, channel, 'can_administer_channel_group')
  );
}

/** Every channel must be one the inviter can see; default channels need no subscribe permission. */
function checkChannels(store: SvcStore, me: SimUser, ids: readonly number[]): void {
  const channels = ids.map((id) => {
    const channel = store.channels.find((c) => c.stream_id === id && !c.isArchived);
    if (!channel || !canSeeChannel(store, me, channel)) {
      throw badRequest(`Invalid channel ID ${id}. No invites were sent.`);
    }
    return channel;
  });
  if (channels.some((c) => !c.isDefault && !canAddSubscribers(store, me, c))) {
    throw badRequest('You do not have permission to subscribe other users to channels.');
  }
}

/** Groups the new member joins: the inviter must be allowed to add members to each (never a system group). */
function checkGroups(store: SvcStore, me: SimUser, ids: readonly number[]): void {
  for (const id of ids) {
    const group = store.userGroup(id);
    if (!group || group.deactivated) throw badRequest('Invalid user group');
    if (group.isSystemGroup) throw badRequest(INSUFFICIENT);
    const manageAll = holdsRealmPermission(store, me, 'can_manage_all_groups');
    const may =
      manageAll ||
      isInGroupSetting(store, group.permissions.can_manage_group, me) ||
      isInGroupSetting(store, group.permissions.can_add_members_group, me);
    if (!may) throw badRequest(INSUFFICIENT);
  }
}

/** The server's (Django's) address check, closely enough: one `@`, a dotted domain, no spaces or brackets. */
const ADDRESS = /^[^@\s<>(),;:"[\]]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** Splits as the server does: commas or newlines, `Name <address>` keeps the address. */
function inviteeEmails(raw: string): string[] {
  const out = new Set<string>();
  for (const part of raw.split(/[,\n]/)) {
    const named = /<(.*)>/.exec(part);
    out.add((named ? named[1]! : part).trim());
  }
  return [...out];
}

function expiryOf(store: SvcStore, minutes: number | null | undefined): number | null {
  const m = minutes === undefined ? DEFAULT_EXPIRY_MINUTES : minutes;
  return m === null ? null : nowSeconds(store) + m * 60;
}

function announce(store: SvcStore, referrerId: number): void {
  const ids = store.users.filter((u) => u.isActive && isAdmin(u)).map((u) => u.user_id);
  if (!ids.includes(referrerId)) ids.push(referrerId);
  store.emit({ type: 'invites_changed', recipient_ids: ids });
}

function invitationFailed(msg: string, errors: [string, string, boolean][], sent: boolean): SvcError {
  return new SvcError('INVITATION_FAILED', msg, 400, {
    errors,
    sent_invitations: sent,
    license_limit_reached: false,
    daily_limit_reached: false,
  });
}

/** The invitation `me` may act on: their own, or as an administrator any (owner invitations: owners only). */
function emailInviteFor(store: SvcStore, me: SimUser, id: number): EmailInvite {
  const invite = bookOf(store).byEmail.find((i) => i.id === id && live(store, i));
  if (!invite) throw badRequest(NO_SUCH_INVITATION);
  if (invite.referrerId !== me.user_id)
    checkRole(me, ADMIN_INVITED_ROLES.has(invite.invitedAs) ? invite.invitedAs : 200);
  return invite;
}

function linkFor(store: SvcStore, me: SimUser, id: number): LinkInvite {
  const link = bookOf(store).links.find((l) => l.id === id);
  if (!link) throw badRequest(NO_SUCH_INVITATION);
  if (link.referrerId !== me.user_id) checkRole(me, ADMIN_INVITED_ROLES.has(link.invitedAs) ? link.invitedAs : 200);
  if (link.revoked) throw badRequest('Invitation has already been revoked');
  return link;
}

function listFor(store: SvcStore, me: SimUser): Record<string, unknown>[] {
  const book = bookOf(store);
  const mine = (i: SimInvite) => isAdmin(me) || i.referrerId === me.user_id;
  const emails = book.byEmail
    .filter((i) => mine(i) && live(store, i))
    .map((i) => ({
      email: i.email,
      invited_by_user_id: i.referrerId,
      invited: i.invitedAt,
      expiry_date: i.expiresAt,
      id: i.id,
      invited_as: i.invitedAs,
      is_multiuse: false,
      notify_referrer_on_join: i.notifyReferrer,
    }));
  const links = book.links
    .filter((l) => mine(l) && !l.revoked && live(store, l))
    .map((l) => ({
      invited_by_user_id: l.referrerId,
      invited: l.invitedAt,
      expiry_date: l.expiresAt,
      id: l.id,
      link_url: `${store.realm.baseUrl}/join/${l.token}/`,
      invited_as: l.invitedAs,
      is_multiuse: true,
    }));
  return [...emails, ...links];
}

/**
 * Level 416: a Welcome Bot message of the inviter's own for the people invited (email invitations and
 * invite links alike), at most the realm's welcome text length; below, an unknown parameter.
 */
const WELCOME_TEXT = textUpTo(8000).optional().from(SIM_LEVELS.welcomeMessageCustomText);

/** Only administrators may word the welcome message (checked after the channels and groups, as on the server). */
function checkWelcomeText(me: SimUser, text: string | undefined): void {
  if (text !== undefined && !isAdminRole(me.role)) throw badRequest('Must be an organization administrator');
}

function newToken(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 24);
}

export const inviteHandlers: readonly RegisteredHandler[] = [
  userHandler(endpoint({ method: 'GET', path: '/invites', params: {} }), ({ core, me }) => {
    refuseGuests(me);
    return { invites: listFor(core.store, me) };
  }),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/invites',
      params: {
        invitee_emails: text(),
        stream_ids: intList(),
        notify_referrer_on_join: bool().optional(),
        welcome_message_custom_text: WELCOME_TEXT,
        invite_as: json(roleValue).optional(),
        invite_expires_in_minutes: json(nullableInt).optional(),
        group_ids: intList().optional(),
        include_realm_default_subscriptions: bool().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      refuseGuests(me);
      if (!holdsRealmPermission(store, me, 'can_invite_users_group')) throw badRequest(INSUFFICIENT);
      const invitedAs = params.invite_as ?? 400;
      checkRole(me, invitedAs);
      if (params.invitee_emails === '') throw badRequest('You must specify at least one email address.');
      const emails = inviteeEmails(params.invitee_emails);
      checkChannels(store, me, params.stream_ids);
      checkGroups(store, me, params.group_ids ?? []);
      checkWelcomeText(me, params.welcome_message_custom_text);

      const invalid: [string, string, boolean][] = [];
      const skipped: [string, string, boolean][] = [];
      const good: string[] = [];
      for (const email of emails) {
        if (email === '') continue;
        if (!ADDRESS.test(email)) {
          invalid.push([email, 'Invalid address.', false]);
          continue;
        }
        const existing = store.userByDeliveryEmail(email);
        if (existing && !existing.isActive) skipped.push([email, 'Account has been deactivated.', true]);
        else if (existing) skipped.push([email, 'Already has an account.', false]);
        else good.push(email);
      }
      if (invalid.length > 0) {
        throw invitationFailed(
          "Some emails did not validate, so we didn't send any invitations.",
          [...invalid, ...skipped],
          false,
        );
      }
      if (skipped.length > 0 && skipped.length === emails.length) {
        throw invitationFailed("We weren't able to invite anyone.", skipped, false);
      }
      const book = bookOf(store);
      for (const email of good) {
        book.byEmail.push({
          id: book.nextEmailId++,
          email,
          referrerId: me.user_id,
          invitedAs,
          invitedAt: nowSeconds(store),
          expiresAt: expiryOf(store, params.invite_expires_in_minutes),
          streamIds: [...params.stream_ids],
          groupIds: [...(params.group_ids ?? [])],
          includeDefaults: params.include_realm_default_subscriptions ?? false,
          notifyReferrer: params.notify_referrer_on_join ?? true,
          sent: 1,
        });
      }
      announce(store, me.user_id);
      if (skipped.length > 0) {
        throw invitationFailed(
          "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
          skipped,
          true,
        );
      }
      return {};
    },
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/invites/multiuse',
      params: {
        stream_ids: intList().optional(),
        invite_as: json(roleValue).optional(),
        invite_expires_in_minutes: json(nullableInt).optional(),
        group_ids: intList().optional(),
        include_realm_default_subscriptions: bool().optional(),
        welcome_message_custom_text: WELCOME_TEXT,
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      refuseGuests(me);
      if (!holdsRealmPermission(store, me, 'create_multiuse_invite_group')) throw badRequest(INSUFFICIENT);
      const invitedAs = params.invite_as ?? 400;
      checkRole(me, invitedAs);
      checkChannels(store, me, params.stream_ids ?? []);
      checkGroups(store, me, params.group_ids ?? []);
      checkWelcomeText(me, params.welcome_message_custom_text);
      const book = bookOf(store);
      const link: LinkInvite = {
        id: book.nextLinkId++,
        token: newToken(),
        referrerId: me.user_id,
        invitedAs,
        invitedAt: nowSeconds(store),
        expiresAt: expiryOf(store, params.invite_expires_in_minutes),
        streamIds: [...(params.stream_ids ?? [])],
        groupIds: [...(params.group_ids ?? [])],
        includeDefaults: params.include_realm_default_subscriptions ?? false,
        revoked: false,
      };
      book.links.push(link);
      announce(store, me.user_id);
      return { invite_link: `${store.realm.baseUrl}/join/${link.token}/` };
    },
  ),

  userHandler(
    endpoint({ method: 'POST', path: '/invites/{invite_id}/resend', params: { invite_id: int() } }),
    ({ core, me, params }) => {
      refuseGuests(me);
      const invite = emailInviteFor(core.store, me, params.invite_id);
      invite.sent += 1;
      return {};
    },
  ),

  userHandler(
    endpoint({ method: 'DELETE', path: '/invites/{invite_id}', params: { invite_id: int() } }),
    ({ core, me, params }) => {
      const { store } = core;
      refuseGuests(me);
      const invite = emailInviteFor(store, me, params.invite_id);
      const book = bookOf(store);
      book.byEmail.splice(book.byEmail.indexOf(invite), 1);
      announce(store, invite.referrerId);
      return {};
    },
  ),

  userHandler(
    endpoint({ method: 'DELETE', path: '/invites/multiuse/{invite_id}', params: { invite_id: int() } }),
    ({ core, me, params }) => {
      const { store } = core;
      refuseGuests(me);
      const link = linkFor(store, me, params.invite_id);
      link.revoked = true;
      announce(store, link.referrerId);
      return {};
    },
  ),
];
