import { describe, expect, it } from 'vitest';
import { subscriptionHolds } from '../../shared/svc/subscriptions';
import type { Subscription } from '../../shared/svc/ops/account-ops';
import { savedNoteOf } from './my-subscription-settings';

describe('savedNoteOf', () => {
  it('says "saved" only for changes read back with their value', () => {
    expect(savedNoteOf(2, 2)).toBe('Saved 2 changes.');
    expect(savedNoteOf(1, 1)).toBe('Saved 1 change.');
    expect(savedNoteOf(3, 2)).toBe(
      'The server accepted 3 changes, but 1 read back with another value (the form shows what the server holds).',
    );
    expect(savedNoteOf(2, null)).toBe('The server accepted 2 changes; they could not be read back to confirm.');
  });
});

describe('subscriptionHolds', () => {
  const subscription = {
    stream_id: 1,
    name: 'general',
    color: '#AABBCC',
    is_muted: true,
    pin_to_top: false,
    desktop_notifications: null,
    audible_notifications: null,
    push_notifications: true,
    email_notifications: null,
    wildcard_mentions_notify: null,
  } satisfies Subscription;

  it('compares the read-back value, colours without case, in_home_view as the inverse of muted', () => {
    expect(subscriptionHolds(subscription, { property: 'is_muted', value: true })).toBe(true);
    expect(subscriptionHolds(subscription, { property: 'in_home_view', value: false })).toBe(true);
    expect(subscriptionHolds(subscription, { property: 'in_home_view', value: true })).toBe(false);
    expect(subscriptionHolds(subscription, { property: 'color', value: '#aabbcc' })).toBe(true);
    expect(subscriptionHolds(subscription, { property: 'push_notifications', value: false })).toBe(false);
    expect(subscriptionHolds(subscription, { property: 'email_notifications', value: true })).toBe(false);
  });
});
