import type { User } from '../../shared/svc/records';
import { ROLE, type RoleName } from '../../shared/svc/roles';
import { DEFAULT_INACTIVE_DAYS, matchesActivity, type ActivityFilter, type LastActive } from './activity';

export const STATUS_FILTERS = ['active', 'deactivated'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const BOT_FILTERS = ['humans', 'bots'] as const;
export type BotFilter = (typeof BOT_FILTERS)[number];
export const ROLE_FILTERS = Object.keys(ROLE) as RoleName[];

/** What the URL says to show; null means "all". */
export interface UserFilters {
  q: string;
  role: RoleName | null;
  status: StatusFilter | null;
  bots: BotFilter | null;
  /** From presence: inactive for more than `inactiveDays` days, or never active. */
  activity?: ActivityFilter | null;
  inactiveDays?: number;
}

/** Last-active time per user (from presence) and the time to measure from, for the activity filter. */
export interface ActivityLookup {
  lastActive: (user: User) => LastActive;
  nowSeconds: number;
}

export interface IndexedUser {
  user: User;
  /** Name and both emails, lowercased once, so each keystroke only runs `includes`. */
  haystack: string;
}

// One collator for every comparison: localeCompare with options builds a new one per call.
const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function indexUsers(users: readonly User[]): IndexedUser[] {
  const sorted = [...users].sort((a, b) => byName.compare(a.full_name, b.full_name) || a.user_id - b.user_id);
  return sorted.map((user) => ({
    user,
    haystack: `${user.full_name}\n${user.delivery_email ?? ''}\n${user.email}`.toLowerCase(),
  }));
}

export function filterUsers(
  index: readonly IndexedUser[],
  filters: UserFilters,
  activity: ActivityLookup | null = null,
): User[] {
  const activityFilter = filters.activity ?? null;
  const days = filters.inactiveDays ?? DEFAULT_INACTIVE_DAYS;
  const terms = filters.q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const role = filters.role === null ? null : ROLE[filters.role];
  const out: User[] = [];
  for (const { user, haystack } of index) {
    if (role !== null && user.role !== role) continue;
    if (filters.status === 'active' && !user.is_active) continue;
    if (filters.status === 'deactivated' && user.is_active) continue;
    if (filters.bots === 'bots' && !user.is_bot) continue;
    if (filters.bots === 'humans' && user.is_bot) continue;
    // Every word must match somewhere, so "mia demo" finds Mia Member <mia@demo.test>.
    if (terms.length && !terms.every((t) => haystack.includes(t))) continue;
    if (
      activityFilter !== null &&
      !matchesActivity(
        activity ? activity.lastActive(user) : 'unknown',
        activityFilter,
        days,
        activity?.nowSeconds ?? 0,
      )
    )
      continue;
    out.push(user);
  }
  return out;
}

export function hasActiveFilters(filters: UserFilters): boolean {
  return (
    filters.q.trim() !== '' ||
    filters.role !== null ||
    filters.status !== null ||
    filters.bots !== null ||
    (filters.activity ?? null) !== null
  );
}
