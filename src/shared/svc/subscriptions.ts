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
