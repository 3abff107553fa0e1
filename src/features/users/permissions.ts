import { FEATURE_LEVELS, featureGateReason } from '../../shared/svc/features';
import type { User } from '../../shared/svc/records';
import { isAdminRole, ROLE, roleValues, type Role } from '../../shared/svc/roles';

/**
 * Who may do what to whom, as pure functions so the UI and its tests agree. The chat server stays the
 * authority: these only decide which actions to offer; its refusals are still shown verbatim.
 */

/** The signed-in console user. */
export interface Actor {
  userId: number;
  role: number;
}

/** The fields of a user record the predicates look at. */
export type Target = Pick<User, 'user_id' | 'role' | 'is_active' | 'is_bot'>;

export type Verdict = { allowed: true; warning: string | null } | { allowed: false; reason: string };

const allow = (warning: string | null = null): Verdict => ({ allowed: true, warning });
const deny = (reason: string): Verdict => ({ allowed: false, reason });

export const REASONS = {
  notAdmin: 'Only organization administrators can do this.',
  alreadyDeactivated: 'This user is already deactivated.',
  alreadyActive: 'This user is active.',
  bot: 'Bots are managed from the bot settings, not here.',
  ownerOnlyByOwner: 'Only organization owners can act on an owner.',
  deactivated: 'This user is deactivated.',
} as const;

export const WARNINGS = {
  deactivateSelf: 'This is your own account: you will be signed out and cannot sign back in.',
  demoteSelf: 'This is your own account: lowering your role may remove your access to this console.',
} as const;

export function isOwner(role: number): boolean {
  return role === ROLE.owner;
}

/** Moderators, members and guests see no administrative actions at all. */
export function hasAdminActions(actor: Actor): boolean {
  return isAdminRole(actor.role);
}

export function canDeactivate(actor: Actor, target: Target): Verdict {
  if (!hasAdminActions(actor)) return deny(REASONS.notAdmin);
  if (!target.is_active) return deny(REASONS.alreadyDeactivated);
  // The endpoint refuses bots; they have their own deactivation flow.
  if (target.is_bot) return deny(REASONS.bot);
  if (isOwner(target.role) && !isOwner(actor.role)) return deny(REASONS.ownerOnlyByOwner);
  return allow(actor.userId === target.user_id ? WARNINGS.deactivateSelf : null);
}

/** Name and custom profile fields: administrators, for any person (bots have their own settings). */
export function canEditProfile(actor: Actor, target: Target): Verdict {
  if (!hasAdminActions(actor)) return deny(REASONS.notAdmin);
  if (target.is_bot) return deny(REASONS.bot);
  return allow();
}

export function canReactivate(actor: Actor, target: Target): Verdict {
  if (!hasAdminActions(actor)) return deny(REASONS.notAdmin);
  if (target.is_active) return deny(REASONS.alreadyActive);
  // Unlike deactivation, the server reactivates bots and owners for any administrator.
  return allow();
}

export function canChangeRole(actor: Actor, target: Target): Verdict {
  if (!hasAdminActions(actor)) return deny(REASONS.notAdmin);
  // Granting and removing the owner role is the owners' privilege alone.
  if (isOwner(target.role) && !isOwner(actor.role)) return deny(REASONS.ownerOnlyByOwner);
  return allow(actor.userId === target.user_id ? WARNINGS.demoteSelf : null);
}

/** The roles the actor may pick for the target; empty when the role cannot be changed at all. */
export function assignableRoles(actor: Actor, target: Target): Role[] {
  if (!canChangeRole(actor, target).allowed) return [];
  return roleValues.filter((role) => role !== ROLE.owner || isOwner(actor.role));
}

export function canSetStatus(actor: Actor, target: Target, featureLevel: number): Verdict {
  if (!hasAdminActions(actor)) return deny(REASONS.notAdmin);
  const gate = featureGateReason(featureLevel, 'adminSetUserStatus');
  if (gate) return deny(gate);
  // The server looks the target up among active humans only.
  if (!target.is_active) return deny(REASONS.deactivated);
  if (target.is_bot) return deny(REASONS.bot);
  return allow();
}

/** Reading another user's status needs level 262; anyone signed in may read it. */
export function canReadStatus(featureLevel: number): boolean {
  return featureLevel >= FEATURE_LEVELS.userStatusGet;
}
