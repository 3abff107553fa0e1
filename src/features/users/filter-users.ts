import type { User } from '../../shared/svc/records';
import { ROLE, type RoleName } from '../../shared/svc/roles';
import { DEFAULT_INACTIVE_DAYS, lastActiveOf, matchesActivity, type ActivityFilter, type LastActive } from './activity';

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

/**
 * The users list prepared once per fetched list: sorted by name, with a lowercased search text per user so
 * that each keystroke only runs `includes`. The search texts and the by-ID map are built on first use (the
 * page builds the search texts when idle), so a list that arrives is on screen before they exist.
 */
export class UsersIndex {
  readonly sorted: readonly User[];
  #haystacks: readonly string[] | null = null;
  #byId: ReadonlyMap<number, User> | null = null;

  constructor(users: readonly User[]) {
    this.sorted = sortByName(users);
  }

  /** Name and both emails of `sorted[i]`, lowercased. */
  haystacks(): readonly string[] {
    this.#haystacks ??= this.sorted.map((u) => `${u.full_name}\n${u.delivery_email ?? ''}\n${u.email}`.toLowerCase());
    return this.#haystacks;
  }

  /** Users by ID, built on first use (a selection or an open user needs it; a list that arrives does not). */
  byId(): ReadonlyMap<number, User> {
    this.#byId ??= new Map(this.sorted.map((u) => [u.user_id, u] as const));
    return this.#byId;
  }
}

// One collator for every comparison: localeCompare with options builds a new one per call.
const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compareUsers(a: User, b: User): number {
  return byName.compare(a.full_name, b.full_name) || a.user_id - b.user_id;
}

/**
 * Users in collation order of their names (ties by ID). The collator's compare is what costs: a cheap
 * pre-sort on lowercased names puts the list in (nearly) that order first, and the collator sort that
 * follows then needs about one comparison per user instead of n log n. The result is the collator's order
 * exactly, whatever the pre-sort got wrong (accents, digits, locale rules).
 */
export function sortByName(users: readonly User[]): User[] {
  const keyed = users.map((user) => ({ user, key: user.full_name.toLowerCase() }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.user.user_id - b.user.user_id));
  return keyed.map((k) => k.user).sort(compareUsers);
}

export function indexUsers(users: readonly User[]): UsersIndex {
  return new UsersIndex(users);
}

export function filterUsers(
  index: UsersIndex,
  filters: UserFilters,
  activity: ActivityLookup | null = null,
): readonly User[] {
  const activityFilter = filters.activity ?? null;
  const days = filters.inactiveDays ?? DEFAULT_INACTIVE_DAYS;
  const terms = filters.q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const role = filters.role === null ? null : ROLE[filters.role];
  const { sorted } = index;
  if (!terms.length && role === null && filters.status === null && filters.bots === null && activityFilter === null) {
    return sorted;
  }
  const haystacks = terms.length ? index.haystacks() : null;
  const out: User[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const user = sorted[i]!;
    if (role !== null && user.role !== role) continue;
    if (filters.status === 'active' && !user.is_active) continue;
    if (filters.status === 'deactivated' && user.is_active) continue;
    if (filters.bots === 'bots' && !user.is_bot) continue;
    if (filters.bots === 'humans' && user.is_bot) continue;
    // Every word must match somewhere, so "mia demo" finds Mia Member <mia@demo.test>.
    if (haystacks && !terms.every((t) => haystacks[i]!.includes(t))) continue;
    if (
      activityFilter !== null &&
      !matchesActivity(
        // Before presence is read, the record alone can still tell an imported account that never signed in.
        activity ? activity.lastActive(user) : lastActiveOf(user, null),
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
