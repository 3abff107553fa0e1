/**
 * Which realm group settings a role holds, from the settings' values and the system groups: what "who may
 * invite", "who may add emoji" and a new member's permissions are computed from. A setting whose value is a
 * set of groups and people grants the role when one of its subgroups is a system group the role is in.
 */

import { systemGroupLabel } from '../labels/roles';

type SettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

/** The system groups each role is a member of (a member past the waiting period counts as a full member). */
const ROLE_SYSTEM_GROUPS: Readonly<Record<number, readonly string[]>> = {
  100: ['role:owners', 'role:administrators', 'role:moderators', 'role:fullmembers', 'role:members', 'role:everyone'],
  200: ['role:administrators', 'role:moderators', 'role:fullmembers', 'role:members', 'role:everyone'],
  300: ['role:moderators', 'role:fullmembers', 'role:members', 'role:everyone'],
  400: ['role:fullmembers', 'role:members', 'role:everyone'],
  600: ['role:everyone'],
};

export interface GroupRef {
  id: number;
  name: string;
  is_system_group?: boolean | undefined;
}

function isSettingValue(value: unknown): value is SettingValue {
  if (typeof value === 'number') return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { direct_subgroups?: unknown }).direct_subgroups) &&
    Array.isArray((value as { direct_members?: unknown }).direct_members)
  );
}

/**
 * Whether a person of `role` (and, when given, with `userId`) holds the setting. Null when the value is
 * not a group setting the console can read.
 */
export function roleHolds(
  role: number,
  value: unknown,
  groups: readonly GroupRef[],
  userId: number | null = null,
): boolean | null {
  if (!isSettingValue(value)) return null;
  const names = new Set(ROLE_SYSTEM_GROUPS[role] ?? []);
  const byId = new Map(groups.map((g) => [g.id, g] as const));
  const holdsGroup = (id: number) => {
    const group = byId.get(id);
    return group !== undefined && names.has(group.name);
  };
  if (typeof value === 'number') return holdsGroup(value);
  if (userId !== null && value.direct_members.includes(userId)) return true;
  return value.direct_subgroups.some(holdsGroup);
}

/** "Administrators", "Members", or the groups and people a setting names, for a sentence. */
export function describeSetting(value: unknown, groups: readonly GroupRef[]): string {
  if (!isSettingValue(value)) return 'unknown';
  const byId = new Map(groups.map((g) => [g.id, g] as const));
  const nameOf = (id: number) => {
    const group = byId.get(id);
    return group ? (systemGroupLabel(group.name) ?? group.name) : `group ${id}`;
  };
  if (typeof value === 'number') return nameOf(value);
  const parts = value.direct_subgroups.map(nameOf);
  if (value.direct_members.length > 0) {
    parts.push(`${value.direct_members.length} ${value.direct_members.length === 1 ? 'person' : 'people'}`);
  }
  return parts.length > 0 ? parts.join(', ') : 'Nobody';
}
