import {
  SKIP_REASON_TEXT,
  type BulkAction,
  type BulkRunKind,
  type BulkRunRow,
  type BulkSkipped,
  type BulkUser,
  type SkipReason,
} from '../../shared/bff/bulk';
import type { DeactivationActions } from '../../shared/svc/deactivation';
import { ROLE, type Role } from '../../shared/svc/roles';

/**
 * The skip rules of bulk actions, as pure functions over a snapshot of the users (and channel subscribers),
 * so the BFF's preview and its tests agree. The chat server stays the authority: a row the preview lets
 * through can still fail, with the server's msg.
 */

/** The fields of a user record the rules look at. */
export interface SnapshotUser {
  user_id: number;
  full_name: string;
  email: string;
  /** The real address, when the server shows it to the caller (the users table shows it too). */
  delivery_email?: string | null | undefined;
  role: number;
  is_active: boolean;
  is_bot: boolean;
  bot_owner_id?: number | null | undefined;
}

export interface BulkActor {
  userId: number;
  role: number;
}

/** One request of a run, decided at preview time. */
export type BulkStep =
  /** `actions`: the spam clean-up (level 459), only when one was chosen. */
  | { op: 'deactivate'; comment: string | null; actions?: DeactivationActions }
  | { op: 'reactivate' }
  | { op: 'set_role'; role: Role; previousRole: number }
  /** `apiEmail`: how servers before user-ID keys name the user in the answer (set when the run starts). */
  | { op: 'subscribe'; channels: string[]; apiEmail?: string }
  | { op: 'unsubscribe'; channels: string[] };

export interface PlannedRow {
  user: BulkUser;
  step: BulkStep;
  /** The address the API knows the user by (`user.email` is the one people see); absent where not needed. */
  apiEmail?: string;
}

export interface PlannedPreview {
  kind: BulkRunKind;
  affected: PlannedRow[];
  skipped: BulkSkipped[];
}

export interface PreviewContext {
  actor: BulkActor;
  users: ReadonlyMap<number, SnapshotUser>;
  /** Channel name → subscriber IDs, for the channels a channel action names. */
  subscribers?: ReadonlyMap<string, ReadonlySet<number>>;
}

/** A user as the preview and the run name them: the same address the users table shows. */
export function bulkUserOf(user: SnapshotUser): BulkUser {
  return { userId: user.user_id, name: user.full_name, email: user.delivery_email ?? user.email, role: user.role };
}

function unknownUser(userId: number): BulkUser {
  return { userId, name: `User ${userId}`, email: '', role: 0 };
}

export function skip(user: BulkUser, reason: SkipReason): BulkSkipped {
  return { ...user, reason, reasonText: SKIP_REASON_TEXT[reason] };
}

const isOwner = (role: number) => role === ROLE.owner;

/** Active human owners: who keeps the organization owned. */
function activeOwners(users: ReadonlyMap<number, SnapshotUser>): Set<number> {
  const out = new Set<number>();
  for (const u of users.values()) if (u.is_active && !u.is_bot && isOwner(u.role)) out.add(u.user_id);
  return out;
}

/**
 * Of the candidates that would stop being active owners, the ones that must be skipped so that at least one
 * active owner remains (the first ones in order go ahead while others remain).
 */
function lastOwnerSkips(
  users: ReadonlyMap<number, SnapshotUser>,
  candidates: readonly SnapshotUser[],
  losesOwnership: (u: SnapshotUser) => boolean,
): Set<number> {
  const owners = activeOwners(users);
  const losing = candidates.filter((u) => owners.has(u.user_id) && losesOwnership(u));
  const remaining = new Set([...owners].filter((id) => !losing.some((u) => u.user_id === id)));
  const skipped = new Set<number>();
  // Walk from the end so the earliest selected owners are the ones acted on.
  for (let i = losing.length - 1; i >= 0; i--) {
    const owner = losing[i]!;
    if (remaining.size === 0) {
      skipped.add(owner.user_id);
      remaining.add(owner.user_id);
    }
  }
  return skipped;
}

function dedupe(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** Who a bulk action affects and who it skips, and why. */
export function planAction(ctx: PreviewContext, action: BulkAction, userIds: readonly number[]): PlannedPreview {
  const { actor, users } = ctx;
  const affected: PlannedRow[] = [];
  const skipped: BulkSkipped[] = [];
  const candidates: SnapshotUser[] = [];

  // First pass: rules that look at one user alone.
  for (const id of dedupe(userIds)) {
    const user = users.get(id);
    if (!user) {
      skipped.push(skip(unknownUser(id), 'not_found'));
      continue;
    }
    const row = bulkUserOf(user);
    const botNotOwned = user.is_bot && user.bot_owner_id !== actor.userId;
    let reason: SkipReason | null = null;
    switch (action.kind) {
      case 'deactivate':
        if (user.user_id === actor.userId) reason = 'self';
        else if (!user.is_active) reason = 'already_deactivated';
        else if (user.is_bot) reason = botNotOwned ? 'bot_not_owned' : 'bot';
        break;
      case 'change_role':
        if (user.user_id === actor.userId) reason = 'self';
        else if (user.role === action.role) reason = 'already_in_role';
        else if (botNotOwned) reason = 'bot_not_owned';
        break;
      case 'add_channels':
      case 'remove_channels': {
        if (!user.is_active) reason = 'deactivated';
        else if (botNotOwned) reason = 'bot_not_owned';
        else if (channelsToChange(ctx, action, user.user_id).length === 0) {
          reason = action.kind === 'add_channels' ? 'already_in_channels' : 'not_in_channels';
        }
        break;
      }
    }
    if (reason) skipped.push(skip(row, reason));
    else candidates.push(user);
  }

  // Second pass: the organization must keep an active owner.
  const losesOwnership =
    action.kind === 'deactivate'
      ? () => true
      : action.kind === 'change_role'
        ? () => !isOwner(action.role)
        : () => false;
  const lastOwners = lastOwnerSkips(users, candidates, losesOwnership);

  for (const user of candidates) {
    const row = bulkUserOf(user);
    if (lastOwners.has(user.user_id)) {
      skipped.push(skip(row, 'last_owner'));
      continue;
    }
    // Only owners act on owners or make owners.
    const touchesOwner =
      action.kind === 'deactivate'
        ? isOwner(user.role)
        : action.kind === 'change_role'
          ? isOwner(user.role) || isOwner(action.role)
          : false;
    if (touchesOwner && !isOwner(actor.role)) {
      skipped.push(skip(row, 'no_permission'));
      continue;
    }
    affected.push({ user: row, step: stepFor(ctx, action, user), apiEmail: user.email });
  }
  return { kind: action.kind, affected, skipped };
}

function channelsToChange(ctx: PreviewContext, action: BulkAction, userId: number): string[] {
  if (action.kind !== 'add_channels' && action.kind !== 'remove_channels') return [];
  const names = [...(ctx.subscribers?.keys() ?? [])];
  return names.filter((name) => {
    const member = ctx.subscribers?.get(name)?.has(userId) ?? false;
    return action.kind === 'add_channels' ? !member : member;
  });
}

function stepFor(ctx: PreviewContext, action: BulkAction, user: SnapshotUser): BulkStep {
  switch (action.kind) {
    case 'deactivate':
      return { op: 'deactivate', comment: action.comment, ...(action.actions ? { actions: action.actions } : {}) };
    case 'change_role':
      return { op: 'set_role', role: action.role, previousRole: user.role };
    case 'add_channels':
      return { op: 'subscribe', channels: channelsToChange(ctx, action, user.user_id) };
    case 'remove_channels':
      return { op: 'unsubscribe', channels: channelsToChange(ctx, action, user.user_id) };
  }
}

/** The undo kind of a run kind; null when it cannot be undone. */
export function undoKindOf(kind: BulkRunKind): BulkRunKind | null {
  switch (kind) {
    case 'deactivate':
      return 'reactivate';
    case 'change_role':
      return 'restore_roles';
    case 'add_channels':
      return 'undo_add_channels';
    case 'remove_channels':
      return 'undo_remove_channels';
    default:
      return null;
  }
}

/** The undo of a finished run: only its succeeded rows, checked against the users as they are now. */
export function planUndo(ctx: PreviewContext, kind: BulkRunKind, rows: readonly BulkRunRow[]): PlannedPreview | null {
  const undoKind = undoKindOf(kind);
  if (!undoKind) return null;
  const affected: PlannedRow[] = [];
  const skipped: BulkSkipped[] = [];
  for (const done of rows) {
    if (done.status !== 'done') continue;
    const user = ctx.users.get(done.userId);
    const row: BulkUser = user ? bulkUserOf(user) : { ...unknownUser(done.userId), name: done.name };
    if (!user) {
      skipped.push(skip(row, 'not_found'));
      continue;
    }
    if (kind === 'deactivate') {
      if (user.is_active) skipped.push(skip(row, 'already_active'));
      else affected.push({ user: row, step: { op: 'reactivate' } });
    } else if (kind === 'change_role') {
      const previous = done.previousRole;
      if (previous === null || !isRole(previous)) continue;
      // The role this run set; a different one now means someone changed it since.
      if (user.role === previous) skipped.push(skip(row, 'already_in_role'));
      else if (user.role !== done.role) skipped.push(skip(row, 'changed_since'));
      else if ((isOwner(previous) || isOwner(user.role)) && !isOwner(ctx.actor.role))
        skipped.push(skip(row, 'no_permission'));
      else affected.push({ user: row, step: { op: 'set_role', role: previous, previousRole: user.role } });
    } else {
      const channels = done.changedChannels ?? [];
      if (!user.is_active) skipped.push(skip(row, 'deactivated'));
      else if (channels.length === 0) continue;
      else
        affected.push({
          user: row,
          step: kind === 'add_channels' ? { op: 'unsubscribe', channels } : { op: 'subscribe', channels },
          apiEmail: user.email,
        });
    }
  }
  return { kind: undoKind, affected, skipped };
}

function isRole(value: number): value is Role {
  return value === 100 || value === 200 || value === 300 || value === 400 || value === 600;
}
