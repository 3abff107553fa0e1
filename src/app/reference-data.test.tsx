// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { svc } from '../client/svc-client';
import { svcOps } from '../shared/svc/catalog';
import { useChannels } from '../features/channels/api/get-channels';
import { useChannelUserGroups } from '../features/channels/api/get-user-groups';
import { useDraftChannels } from '../features/drafts-snippets/api/get-channels';
import { useInviteChannels, useInviteGroups } from '../features/invitations/api/get-invite-options';
import { useModerationChannels } from '../features/topics/api/get-channels';
import { useModerationGroups } from '../features/topics/api/get-moderation-context';
import { useGroupChannels } from '../features/user-groups/api/get-channels';
import { useUserGroups } from '../features/user-groups/api/get-user-groups';
import { useTestChannels } from '../features/webhooks/api/webhooks-api';
import { createTestQueryClient } from '../testing/render-with-providers';
import { setupSimServer } from '../testing/msw-sim';
import { eventMap } from './event-map';

const env = setupSimServer({ as: 'admin@demo.test' });
// Reads go through the real BFF in front of the simulator: slower than a second on a busy machine.
const POLL = { timeout: 10_000 };

/** Each page's own view of the channels, as the page's hook gives it: names only. */
function useEveryPagesChannels() {
  const named = (list: readonly { name: string }[] | undefined) => list?.map((c) => c.name);
  return {
    channels: named(useChannels(true).data),
    groups: named(useGroupChannels(true).data),
    topics: named(useModerationChannels(true).data),
    drafts: named(useDraftChannels().data),
    invitations: named(useInviteChannels().data),
    webhooks: named(useTestChannels().data),
  };
}

/** Each page's own view of the user groups. */
function useEveryPagesGroups() {
  const named = (list: readonly { name: string }[] | undefined) => list?.map((g) => g.name);
  return {
    groups: named(useUserGroups().data),
    channels: named(useChannelUserGroups().data),
    topics: named(useModerationGroups().data),
    invitations: named(useInviteGroups().data),
  };
}

function countReads(pathname: string): () => number {
  let reads = 0;
  env.server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === pathname) reads++;
  });
  return () => reads;
}

describe('the channel list (reference data)', () => {
  it('is read once per visibility for every page, and one stream event refreshes what every page sees', async () => {
    const reads = countReads('/bff/svc/streams');
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(useEveryPagesChannels, { wrapper });
    await expect.poll(() => Object.values(result.current).every((names) => names && names.length > 0), POLL).toBe(true);
    // Administrators' pages share the full list; drafts, invitations and webhooks the visible one.
    expect(reads()).toBe(2);

    const channel = env.sim.store.channels.find((s) => !s.inviteOnly && !s.isArchived)!;
    const [before, renamed] = [channel.name, `renamed-${channel.stream_id}`];
    await svc(svcOps.updateChannel, { stream_id: channel.stream_id, new_name: renamed });
    for (const handle of eventMap.get('stream') ?? []) {
      handle({ type: 'stream', id: 1, op: 'update', stream_id: channel.stream_id, property: 'name' }, client);
    }
    await expect
      .poll(() => Object.entries(result.current).filter(([, names]) => !names?.includes(renamed)), POLL)
      .toEqual([]);
    for (const names of Object.values(result.current)) expect(names).not.toContain(before);
    expect(reads()).toBe(4);
  });
});

describe('the user groups (reference data)', () => {
  it('are read once for every page, and a group event reaches every page without another read', async () => {
    const reads = countReads('/bff/svc/user_groups');
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(useEveryPagesGroups, { wrapper });
    await expect.poll(() => Object.values(result.current).every((names) => names && names.length > 0), POLL).toBe(true);
    expect(reads()).toBe(1);

    const created = await svc(svcOps.createUserGroup, { name: 'reference-data-crew', description: '', members: [] });
    const group = { id: created.group_id ?? 9999, name: 'reference-data-crew', description: '', members: [] };
    for (const handle of eventMap.get('user_group') ?? []) {
      handle(
        {
          type: 'user_group',
          id: 2,
          op: 'add',
          group: { ...group, direct_subgroup_ids: [], is_system_group: false, deactivated: false },
        },
        client,
      );
    }
    await expect
      .poll(() => Object.entries(result.current).filter(([, names]) => !names?.includes('reference-data-crew')), POLL)
      .toEqual([]);
    expect(reads()).toBe(1);
  });
});
