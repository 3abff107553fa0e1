import { describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/svc/channels';
import { filterChannels, joinSubscriptions } from './filter-channels';

const channel = (stream_id: number, name: string, kind: Partial<Channel> = {}): Channel => ({
  stream_id,
  name,
  description: '',
  invite_only: false,
  is_web_public: false,
  is_archived: false,
  ...kind,
});

const channels = [
  channel(1, 'general'),
  channel(2, 'leadership', { invite_only: true }),
  channel(3, 'announcements', { is_web_public: true }),
  channel(4, 'old', { is_archived: true }),
  channel(5, 'Design'),
];
const subscription = {
  stream_id: 5,
  name: 'Design',
  color: '#fff',
  is_muted: false,
  pin_to_top: false,
};
const rows = joinSubscriptions(channels, [subscription]);
const names = (kind: Parameters<typeof filterChannels>[1], q = '') =>
  filterChannels(rows, kind, q).map((r) => r.channel.name);

describe('filterChannels', () => {
  it('sorts by name, any case, and joins my subscription', () => {
    expect(rows.map((r) => r.channel.name)).toEqual(['announcements', 'Design', 'general', 'leadership', 'old']);
    expect(rows.find((r) => r.channel.stream_id === 5)?.subscription).toBe(subscription);
  });
  it('filters by kind; archived channels only under Archived and All', () => {
    expect(names('active')).toEqual(['announcements', 'Design', 'general', 'leadership']);
    expect(names('public')).toEqual(['Design', 'general']);
    expect(names('private')).toEqual(['leadership']);
    expect(names('web-public')).toEqual(['announcements']);
    expect(names('subscribed')).toEqual(['Design']);
    expect(names('archived')).toEqual(['old']);
    expect(names('all')).toHaveLength(5);
  });
  it('searches names, ignoring case and surrounding spaces', () => {
    expect(names('all', ' DES ')).toEqual(['Design']);
    expect(names('private', 'gen')).toEqual([]);
  });
});
