/** How long the hub waits between failed upstream attempts. */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 500, maxMs: 30_000 };

/**
 * Delay before retry number `attempt` (1-based): doubling from `initialMs`, capped at `maxMs`, with "equal
 * jitter" (half fixed, half random) so that many sessions hit by one outage do not retry in lockstep.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
