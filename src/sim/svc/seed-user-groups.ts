import type { SimUser, SvcStore } from './store';

/** The demo realm's custom user groups (the system groups exist in every store). */
export function seedUserGroups(
  _store: SvcStore,
  _people: { owner: SimUser; admin: SimUser; moderator: SimUser; member: SimUser; guest: SimUser | undefined },
): void {}
