import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { linkifiersQueryOptions } from './api/get-linkifiers';
import { linkifiersEventHandlers } from './live-events';

const key = linkifiersQueryOptions().queryKey;
const a = { id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' };
const b = { id: 2, pattern: 'PR (?P<n>[0-9]+)', url_template: 'https://review.example/{n}' };

describe('linkifiersEventHandlers', () => {
  it('replaces the cached list with the event’s ordered list, without refetching', () => {
    const client = new QueryClient();
    client.setQueryData(key, [a]);
    linkifiersEventHandlers.realm_linkifiers!({ id: 5, type: 'realm_linkifiers', realm_linkifiers: [b, a] }, client);
    expect(client.getQueryData(key)).toEqual([b, a]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it('fills an empty cache too, and accepts old servers’ `url_format` entries', () => {
    const client = new QueryClient();
    const old = { id: 3, pattern: 'x(?P<n>[0-9]+)', url_format: 'https://old.example/%(n)s' };
    linkifiersEventHandlers.realm_linkifiers!({ id: 1, type: 'realm_linkifiers', realm_linkifiers: [old] }, client);
    expect(client.getQueryData(key)).toEqual([old]);
  });

  it('ignores a malformed event', () => {
    const client = new QueryClient();
    client.setQueryData(key, [a]);
    linkifiersEventHandlers.realm_linkifiers!({ id: 1, type: 'realm_linkifiers', realm_linkifiers: 'nope' }, client);
    linkifiersEventHandlers.realm_linkifiers!({ id: 2, type: 'realm_linkifiers' }, client);
    expect(client.getQueryData(key)).toEqual([a]);
  });
});
