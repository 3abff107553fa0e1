export const ROLE = {
  owner: 100,
  administrator: 200,
  moderator: 300,
  member: 400,
  guest: 600,
} as const;

export type RoleName = keyof typeof ROLE;
export const roleValues = [100, 200, 300, 400, 600] as const;
export type Role = (typeof roleValues)[number];

// The words for roles and bot types live in the labels dictionary; kept importable from here.
export { botTypeLabel, roleLabel } from '../labels/roles';

export function isAdminRole(role: number): boolean {
  return role === ROLE.owner || role === ROLE.administrator;
}
