import type { User } from '../../shared/svc/records';
import type { UserPresence } from '../../shared/svc/ops/presence-ops';

/**
 * Last-active times from the presence API. The server lists active humans who ever connected, so for them
 * absence means "never active"; for bots and deactivated users it says nothing (unknown). An account imported
 * from another product that has never signed in (`is_imported_stub`, level 433) is `imported` instead: it
 * was never meant to have been active here.
 */
export type LastActive = number | 'never' | 'imported' | 'unknown';

export const ACTIVITY_FILTERS = ['inactive', 'never', 'imported'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];
export const DEFAULT_INACTIVE_DAYS = 90;

const DAY_SECONDS = 86_400;

/** API email → last-active UNIX seconds (the aggregated report's timestamp). */
export function lastActiveByEmail(presences: Record<string, UserPresence>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [email, clients] of Object.entries(presences)) {
    const report = clients.aggregated ?? Object.values(clients)[0];
    if (report) out.set(email, report.timestamp);
  }
  return out;
}

/** What the record alone says, before (or without) presence: an imported account that never signed in. */
export function lastActiveOf(
  user: Pick<User, 'email' | 'is_active' | 'is_bot' | 'is_imported_stub'>,
  byEmail: ReadonlyMap<string, number> | null,
): LastActive {
  if (user.is_bot || !user.is_active) return 'unknown';
  if (user.is_imported_stub === true) return 'imported';
  if (!byEmail) return 'unknown';
  return byEmail.get(user.email) ?? 'never';
}

/** Whether a user's activity passes the filter ("inactive for more than N days" excludes never-active users). */
export function matchesActivity(
  lastActive: LastActive,
  filter: ActivityFilter | null,
  days: number,
  nowSeconds: number,
): boolean {
  if (filter === null) return true;
  if (filter === 'never') return lastActive === 'never';
  if (filter === 'imported') return lastActive === 'imported';
  return typeof lastActive === 'number' && nowSeconds - lastActive > days * DAY_SECONDS;
}

export const IMPORTED_NEVER_SIGNED_IN = 'Imported, never signed in';

let relativeFormat: Intl.RelativeTimeFormat | null = null;
/** Made on first use: the first one takes ~15 ms (the locale's data), which the users page's first row must not wait for. */
function relative(): Intl.RelativeTimeFormat {
  relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  return relativeFormat;
}

/** "today", "3 days ago", "4 months ago", "over a year ago"-style text for the column. */
export function formatLastActive(lastActive: LastActive, nowSeconds: number): string {
  if (lastActive === 'unknown') return '—';
  if (lastActive === 'never') return 'Never';
  if (lastActive === 'imported') return IMPORTED_NEVER_SIGNED_IN;
  const days = Math.floor((nowSeconds - lastActive) / DAY_SECONDS);
  if (days < 1) return 'Today';
  if (days < 45) return relative().format(-days, 'day');
  if (days < 365) return relative().format(-Math.round(days / 30), 'month');
  return relative().format(-Math.floor(days / 365), 'year');
}
