import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';

import { useFeatureLevel, useRole } from '../../client/use-role';
import { channelKinds } from '../../shared/svc/channels';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { LoadError } from '../../components/load-error';
import { LabelledChoice } from '../../components/labelled-choice';
import { ListStatus } from '../../components/list-status';
import { countOf } from '../../client/count-of';
import { useChannels } from './api/get-channels';
import { useMySubscriptions } from './api/get-my-subscriptions';
import { ChannelDetailsDrawer } from './channel-details';
import { ChannelFoldersModal } from './channel-folders-modal';
import { DefaultChannelsModal } from './default-channels-modal';
import { CreateChannelModal } from './create-channel-modal';
import {
  CHANNEL_KIND_FILTERS,
  CHANNEL_KIND_LABELS,
  filterChannels,
  joinSubscriptions,
  type ChannelKindFilter,
  type ChannelRow,
} from './filter-channels';
import { KindBadges } from './kind-badges';
import { useChannelsRealm } from './api/get-realm-state';
import { createChannelAbility } from './permissions';
import { useGroupLookup } from './use-group-lookup';
import { sanitizeHtml } from '../../client/sanitize-html';
import { useChannelsSearch } from './use-channels-search';

const parser = typeof DOMParser === 'undefined' ? null : new DOMParser();

/**
 * The rendered description as one line of text (Markdown markers gone, nothing interpreted as HTML), cleaned
 * first so an emoji reads as itself, not as its `:shortcode:`.
 */
function plainText(html: string): string {
  return (parser?.parseFromString(sanitizeHtml(html), 'text/html').body.textContent ?? html)
    .replace(/\s+/g, ' ')
    .trim();
}

const kindOptions = CHANNEL_KIND_FILTERS.map((value) => ({ value, label: CHANNEL_KIND_LABELS[value] }));

const columns: readonly DataTableColumn<ChannelRow>[] = [
  {
    id: 'name',
    header: 'Channel',
    width: 'minmax(12rem, 2fr)',
    cell: ({ channel, subscription }) => (
      <Group gap="xs" wrap="nowrap">
        <span
          aria-hidden
          style={{
            width: 10,
            height: 10,
            borderRadius: 3,
            flex: 'none',
            background: subscription?.color ?? 'var(--mantine-color-gray-4)',
          }}
        />
        <Text size="sm" fw={500} truncate>
          {channel.name}
        </Text>
      </Group>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    width: 'minmax(9rem, 1fr)',
    cell: ({ channel }) => <KindBadges kinds={channelKinds(channel)} />,
  },
  {
    id: 'subscribers',
    header: 'Subscribers',
    width: '7rem',
    align: 'end',
    cell: ({ channel }) => (channel.subscriber_count === undefined ? '—' : channel.subscriber_count.toLocaleString()),
  },
  {
    id: 'me',
    header: 'Me',
    width: '8rem',
    cell: ({ subscription }) =>
      subscription === null ? (
        <Text size="sm" c="dimmed">
          Not subscribed
        </Text>
      ) : subscription.is_muted ? (
        <Badge variant="light" color="gray">
          Muted
        </Badge>
      ) : (
        <Badge variant="light" color="teal">
          Subscribed
        </Badge>
      ),
  },
  {
    id: 'description',
    header: 'Description',
    width: 'minmax(14rem, 3fr)',
    cell: ({ channel }) => (
      <Text size="sm" c="dimmed" truncate>
        {channel.rendered_description === undefined ? channel.description : plainText(channel.rendered_description)}
      </Text>
    ),
  },
];

/** The title and the page's buttons; Create channel is disabled, with the reason, for whom may not create one. */
function ChannelsHeader({
  onManage,
  onCreate,
}: {
  onManage: (what: 'defaults' | 'folders') => void;
  onCreate: () => void;
}) {
  const { user, role } = useRole();
  const realm = useChannelsRealm();
  const lookup = useGroupLookup();
  const create = createChannelAbility(role, realm.data, user?.userId ?? null, lookup.membership);
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Channels</Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => onManage('defaults')}>
            Default channels
          </Button>
          <Button variant="default" onClick={() => onManage('folders')}>
            Channel folders
          </Button>
          <Button
            onClick={onCreate}
            disabled={!create.allowed}
            aria-describedby={create.reason ? 'create-channel-reason' : undefined}
          >
            Create channel
          </Button>
        </Group>
      </Group>
      {create.reason ? (
        <Text id="create-channel-reason" size="sm" c="dimmed" role="note">
          {create.reason}
        </Text>
      ) : null}
    </>
  );
}

/** The search box and the kind filter, both kept in the address (see useChannelsSearch). */
function ChannelsFilters({ search }: { search: ReturnType<typeof useChannelsSearch> }) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        label="Search channels"
        placeholder="Channel name"
        value={search.q}
        onChange={(e) => search.setQuery(e.currentTarget.value)}
        w={260}
      />
      <LabelledChoice<ChannelKindFilter>
        label="Show"
        data={kindOptions}
        value={search.kind}
        onChange={search.setKind}
      />
    </Group>
  );
}

/** Administrators and everyone else: find channels, inspect them, create them, manage subscribers and topics. */
export function ChannelsPage() {
  const search = useChannelsSearch();
  const { isAdmin } = useRole();
  const level = useFeatureLevel();
  const channels = useChannels(isAdmin);
  const subscriptions = useMySubscriptions();
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState<'defaults' | 'folders' | null>(null);

  const rows = useMemo(
    () => joinSubscriptions(channels.data ?? [], subscriptions.data ?? []),
    [channels.data, subscriptions.data],
  );
  const query = useDeferredValue(search.q);
  const shown = useMemo(() => filterChannels(rows, search.kind, query), [rows, search.kind, query]);
  const selected = rows.find((r) => r.channel.stream_id === search.selectedId) ?? null;
  // A server that sends no counts (older ones) would fill the column with dashes: it is left out, and the
  // channel's panel counts its subscribers instead.
  const counted = rows.length === 0 || rows.some((r) => r.channel.subscriber_count !== undefined);
  const shownColumns = useMemo(() => (counted ? columns : columns.filter((c) => c.id !== 'subscribers')), [counted]);

  return (
    <Stack gap="md">
      <ChannelsHeader onManage={setManaging} onCreate={() => setCreating(true)} />

      <ChannelsFilters search={search} />

      <ListStatus updating={channels.isFetching && !channels.isPending}>
        {channels.isPending ? 'Loading channels…' : countOf(shown.length, 'channel', 'channels')}
      </ListStatus>

      {channels.isError ? (
        <LoadError
          title="Channels could not be loaded"
          error={channels.error}
          onRetry={() => void channels.refetch()}
        />
      ) : (
        <DataTable
          label="Channels"
          rows={shown}
          columns={shownColumns}
          getRowId={(r) => r.channel.stream_id}
          selectedId={search.selectedId}
          onSelect={(r) => search.select(r.channel.stream_id)}
          height="min(60vh, 640px)"
          minWidth={760}
          empty={channels.isPending ? 'Loading channels…' : 'No channels match.'}
        />
      )}

      <ChannelDetailsDrawer
        streamId={search.selectedId}
        row={selected}
        loading={channels.isPending}
        tab={search.tab}
        onTab={search.setTab}
        onClose={() => search.select(null)}
        level={level}
      />
      <DefaultChannelsModal
        opened={managing === 'defaults'}
        onClose={() => setManaging(null)}
        channels={channels.data ?? []}
      />
      <ChannelFoldersModal opened={managing === 'folders'} onClose={() => setManaging(null)} />
      <CreateChannelModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(streamId) => {
          setCreating(false);
          if (streamId !== null) search.select(streamId);
        }}
      />
    </Stack>
  );
}
