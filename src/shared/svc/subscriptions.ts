import type { Subscription } from './ops/account-ops';

/** Applies one property change to a list of subscriptions; `in_home_view` is stored as its inverse, `is_muted`. */
export function applySubscriptionChange(
  subscriptions: readonly Subscription[],
  change: { stream_id: number; property: string; value: unknown },
): Subscription[] {
  const property = change.property === 'in_home_view' ? 'is_muted' : change.property;
  const value = change.property === 'in_home_view' ? change.value !== true : change.value;
  return subscriptions.map((s) => (s.stream_id === change.stream_id ? { ...s, [property]: value } : s));
}

/** Whether a subscription (as read back from the server) has the value a change asked for. */
export function subscriptionHolds(subscription: Subscription, change: { property: string; value: unknown }): boolean {
  const property = change.property === 'in_home_view' ? 'is_muted' : change.property;
  const wanted = change.property === 'in_home_view' ? change.value !== true : change.value;
  const actual = (subscription as Record<string, unknown>)[property];
  return typeof actual === 'string' && typeof wanted === 'string'
    ? actual.toLowerCase() === wanted.toLowerCase()
    : actual === wanted;
}
