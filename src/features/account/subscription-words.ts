import {
  SUBSCRIPTION_NOTIFICATION_PROPERTIES,
  type SubscriptionNotificationProperty,
  type SubscriptionPropertyChange,
} from '../../shared/svc/ops/account-ops';
import type { ChangeOutcome } from './api/update-subscription-properties';

export const NOTIFICATION_LABELS: Record<SubscriptionNotificationProperty, string> = {
  desktop_notifications: 'Desktop',
  audible_notifications: 'Audible',
  push_notifications: 'Push',
  email_notifications: 'Email',
  wildcard_mentions_notify: 'Wildcard mentions',
};

const isNotificationProperty = (p: string): p is SubscriptionNotificationProperty =>
  (SUBSCRIPTION_NOTIFICATION_PROPERTIES as readonly string[]).includes(p);

/** A change in words: "#design is muted", "Push notifications for #design are on". */
export function describeChange(change: SubscriptionPropertyChange, channel: string): string {
  const on = change.value === true;
  if (change.property === 'is_muted') return `${channel} is ${on ? 'muted' : 'unmuted'}`;
  if (change.property === 'pin_to_top') return `${channel} is ${on ? 'pinned to the top' : 'no longer pinned'}`;
  if (change.property === 'color') return `${channel} has the color ${String(change.value)}`;
  if (isNotificationProperty(change.property))
    return `${NOTIFICATION_LABELS[change.property]} notifications for ${channel} are ${on ? 'on' : 'off'}`;
  return `${change.property} of ${channel} is ${String(change.value)}`;
}

/** What the console saw after an accepted change, and only that. */
export function outcomeText(outcome: ChangeOutcome, channelName: string | undefined): string {
  const channel = `#${channelName ?? `channel ${outcome.change.stream_id}`}`;
  const asked = describeChange(outcome.change, channel);
  switch (outcome.kind) {
    case 'seen':
      return `Saved: ${asked}.`;
    case 'unread':
      return `The server accepted the change (${asked}), but it could not be read back to confirm it.`;
    case 'other':
      return outcome.subscription
        ? `The server accepted the change (${asked}), but reading it back shows another value: it may have been changed again since.`
        : `The server accepted the change (${asked}), but you no longer appear subscribed to ${channel}.`;
  }
}
