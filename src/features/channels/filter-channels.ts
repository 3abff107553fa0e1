import { channelKinds, type Channel } from '../../shared/svc/channels';
import type { Subscription } from '../../shared/svc/ops/account-ops';

export const CHANNEL_KIND_FILTERS = [
  'active',
  'public',
  'private',
  'web-public',
  'subscribed',
  'archived',
  'all',
] as const;
export type ChannelKindFilter = (typeof CHANNEL_KIND_FILTERS)[number];

export const CHANNEL_KIND_LABELS: Readonly<Record<ChannelKindFilter, string>> = {
  active: 'Active',
  public: 'Public',
  private: 'Private',
  'web-public': 'Web-public',
  subscribed: 'Subscribed',
  archived: 'Archived',
  all: 'All',
};

export function isChannelKindFilter(value: string | null): value is ChannelKindFilter {
  return (CHANNEL_KIND_FILTERS as readonly string[]).includes(value ?? '');
}

/** A channel with my subscription to it, if any. */
export interface ChannelRow {
  channel: Channel;
  subscription: Subscription | null;
}

export function joinSubscriptions(channels: readonly Channel[], subscriptions: readonly Subscription[]): ChannelRow[] {
  const mine = new Map(subscriptions.map((s) => [s.stream_id, s] as const));
  return channels
    .map((channel) => ({ channel, subscription: mine.get(channel.stream_id) ?? null }))
    .sort((a, b) => a.channel.name.localeCompare(b.channel.name, undefined, { sensitivity: 'base' }));
}

/** Rows of one kind whose name contains the query (any case). Archived channels show under Archived and All. */
export function filterChannels(rows: readonly ChannelRow[], kind: ChannelKindFilter, query: string): ChannelRow[] {
  const wanted = query.trim().toLowerCase();
  return rows.filter(({ channel, subscription }) => {
    if (wanted && !channel.name.toLowerCase().includes(wanted)) return false;
    const kinds = channelKinds(channel);
    const archived = kinds.includes('archived');
    switch (kind) {
      case 'all':
        return true;
      case 'archived':
        return archived;
      case 'active':
        return !archived;
      case 'subscribed':
        return !archived && subscription !== null;
      default:
        return !archived && kinds.includes(kind);
    }
  });
}
