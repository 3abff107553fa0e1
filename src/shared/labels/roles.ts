/** Roles, bot types and system groups in the words people use (the API's numbers and `role:*` names stay inside). */

const ROLE_LABELS: Readonly<Record<number, string>> = {
  100: 'Owner',
  200: 'Administrator',
  300: 'Moderator',
  400: 'Member',
  600: 'Guest',
};

/** `300` → "Moderator"; an unknown role keeps its number so nothing is hidden. */
export function roleLabel(role: number): string {
  return ROLE_LABELS[role] ?? `Role ${role}`;
}

const BOT_TYPE_LABELS: Readonly<Record<number, string>> = {
  1: 'Generic bot',
  2: 'Incoming webhook',
  3: 'Outgoing webhook',
  4: 'Embedded bot',
};

export function botTypeLabel(botType: number | null | undefined): string | null {
  if (botType === null || botType === undefined) return null;
  return BOT_TYPE_LABELS[botType] ?? `Bot type ${botType}`;
}

const SYSTEM_GROUP_LABELS: Readonly<Record<string, string>> = {
  'role:owners': 'Owners',
  'role:administrators': 'Administrators',
  'role:moderators': 'Moderators',
  'role:fullmembers': 'Full members',
  'role:members': 'Members',
  'role:everyone': 'Everyone including guests',
  'role:internet': 'Everyone on the internet',
  'role:nobody': 'Nobody',
};

/** `role:moderators` → "Moderators"; null for a name that is not a system group's. */
export function systemGroupLabel(name: string): string | null {
  return SYSTEM_GROUP_LABELS[name] ?? null;
}
