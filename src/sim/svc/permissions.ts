import { mustBeAdmin } from './errors';
import type { SimUser, SvcStore } from './store';

/** Owners and administrators. */
export function isAdminRole(role: number): boolean {
  return role === 100 || role === 200;
}

export function requireAdmin(me: SimUser, refusal: () => Error = mustBeAdmin): void {
  if (!isAdminRole(me.role)) throw refusal();
}

/** The server refuses to leave an organization without an active human owner. */
export function isOnlyOwner(store: SvcStore, user: SimUser): boolean {
  if (user.role !== 100 || user.isBot || !user.isActive) return false;
  const owners = store.activeHumanOwners();
  return owners.length === 1 && owners[0]?.user_id === user.user_id;
}
