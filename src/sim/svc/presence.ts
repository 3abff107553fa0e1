import { Random } from './random';
import type { SimUser, SvcStore } from './store';

/** What the server keeps per user (the modern format); a user without a row never connected. */
export interface SimPresence {
  /** UNIX seconds of the last time a client reported the user as interacting. */
  activeTimestamp: number;
  /** UNIX seconds of the last time any client of the user was connected (at least `activeTimestamp`). */
  idleTimestamp: number;
}

const DAY = 86_400;
const HOUR = 3_600;

/** How long ago someone was last seen, in days; null: never. */
export type PresenceBucket = 0 | 30 | 100 | 400 | null;

/**
 * The spread for generated people: most were seen today or this month, some months or more than a year
 * ago, some never signed in at all.
 */
const GENERATED_SPREAD: readonly (readonly [PresenceBucket, number])[] = [
  [0, 45],
  [30, 22],
  [100, 10],
  [400, 8],
  [null, 15],
];

/**
 * The named demo accounts: the owner and the administrator have not been seen for a long time (so an
 * inactive-account review shows why the console never deactivates yourself or the last owner), the others
 * are recent, and the guest never signed in.
 */
const NAMED: Readonly<Record<string, PresenceBucket>> = {
  'owner@demo.test': 400,
  'admin@demo.test': 100,
  'moderator@demo.test': 0,
  'member@demo.test': 30,
  'guest@demo.test': null,
};

/** A row `daysAgo` days before `nowSeconds`, with some jitter so nobody shares a timestamp. */
export function presenceAt(nowSeconds: number, daysAgo: number, rng: Random): SimPresence {
  const jitter = daysAgo === 0 ? rng.int(60, 8 * HOUR) : rng.int(0, 2 * DAY);
  const active = nowSeconds - daysAgo * DAY - jitter;
  // Often the client stayed connected (idle) for a while after the last interaction.
  const idle = rng.chance(0.5) ? active + rng.int(60, 2 * HOUR) : active;
  return { activeTimestamp: active, idleTimestamp: Math.min(idle, nowSeconds) };
}

/**
 * Gives every human of a freshly seeded realm a presence row (or none: never active), deterministically
 * for a seed and relative to the store's clock. Uses its own random stream, so other seeded data stays
 * what it was. Bots have no presence.
 */
export function seedPresence(store: SvcStore, seed: number): void {
  const rng = new Random(seed ^ 0x70e5e7ce);
  const now = Math.floor(store.now() / 1000);
  for (const user of store.users) {
    if (user.isBot) continue;
    const bucket = user.deliveryEmail in NAMED ? NAMED[user.deliveryEmail]! : rng.weighted(GENERATED_SPREAD);
    if (bucket === null) continue;
    store.presence.set(user.user_id, presenceAt(now, bucket, rng));
  }
}

/** The legacy report of a row: the latest of the two timestamps, `active` when that was an interaction. */
export function legacyReport(row: SimPresence): { status: 'active' | 'idle'; timestamp: number } {
  const timestamp = Math.max(row.activeTimestamp, row.idleTimestamp);
  return { status: row.activeTimestamp >= row.idleTimestamp ? 'active' : 'idle', timestamp };
}

/** Whether the server reports presence for this user at all: active humans with a row. */
export function hasPresence(store: SvcStore, user: SimUser): boolean {
  return user.isActive && !user.isBot && store.presence.has(user.user_id);
}
