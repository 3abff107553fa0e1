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

const ROLE_LABELS: Record<Role, string> = {
  100: 'Owner',
  200: 'Administrator',
  300: 'Moderator',
  400: 'Member',
  600: 'Guest',
};

export function roleLabel(role: number): string {
  return (ROLE_LABELS as Record<number, string>)[role] ?? `Role ${role}`;
}

export function isAdminRole(role: number): boolean {
  return role === ROLE.owner || role === ROLE.administrator;
}

export const BOT_TYPE_LABELS: Record<number, string> = {
  1: 'Generic bot',
  2: 'Incoming webhook',
  3: 'Outgoing webhook',
  4: 'Embedded bot',
};

export function botTypeLabel(botType: number | null | undefined): string | null {
  if (botType === null || botType === undefined) return null;
  return BOT_TYPE_LABELS[botType] ?? `Bot type ${botType}`;
}
