import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDeferredValue, useMemo } from 'react';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { useSession } from '../../client/session';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import type { GroupMembership } from '../../shared/svc/group-settings';
import { isResolvedTopic, toggledResolvedTopic } from '../../shared/svc/messages';
import { useAllChannelActivity, type TopicActivity } from './api/get-channel-activity';
import { useModerationChannels } from './api/get-channels';
import { useModerationGroups, useModerationRealm } from './api/get-moderation-context';
import { useTopicPeople } from './api/get-people';
import { useUpdateMessage } from './api/update-message';
import { resolveAbility } from './permissions';
import { TopicDrawer } from './topic-drawer';
import { STATUS_FILTERS, useTopicsSearch, type StatusFilter } from './use-topics-search';

const STATUS_LABELS: Readonly<Record<StatusFilter, string>> = {
  unresolved: 'Unresolved',
  resolved: 'Resolved',
  all: 'All',
};

function formatWhen(seconds: number | null): string {
  return seconds === null ? '—' : new Date(seconds * 1000).toLocaleString();
}

/** Moderators: the topics that need attention across every channel they can see, and one-click actions. */
export function TopicsPage() {
  const search = useTopicsSearch();
  const { isAdmin, user } = useRole();
  const level = useFeatureLevel();
  const { data: session } = useSession();
  const emptyName = session?.limits?.realmEmptyTopicDisplayName ?? 'general chat';
  const channels = useModerationChannels(isAdmin);
  const activity = useAllChannelActivity(channels.data ?? [], level);
  const people = useTopicPeople();
  const realm = useModerationRealm();
  const groupsQuery = useModerationGroups();
  const update = useUpdateMessage();
  const groups = useMemo(
    () => new Map<number, GroupMembership>((groupsQuery.data ?? []).map((g) => [g.id, g] as const)),
    [groupsQuery.data],
  );
  const channelsById = useMemo(
    () => new Map((channels.data ?? []).map((c) => [c.stream_id, c] as const)),
    [channels.data],
  );
  const query = useDeferredValue(search.q.trim().toLowerCase());

  const rows = useMemo(
    () =>
      activity.topics
        .filter((t) => search.channelFilter === null || t.streamId === search.channelFilter)
        .filter((t) =>
          search.status === 'all'
            ? true
            : search.status === 'resolved'
              ? isResolvedTopic(t.name)
              : !isResolvedTopic(t.name),
        )
        .filter((t) => !query || (t.name === '' ? emptyName : t.name).toLowerCase().includes(query))
        .sort((a, b) => b.maxId - a.maxId),
    [activity.topics, search.channelFilter, search.status, query, emptyName],
  );

  const toggleResolved = (t: TopicActivity) => {
    const next = toggledResolvedTopic(t.name);
    const verb = isResolvedTopic(t.name) ? 'Unresolved' : 'Resolved';
    update.mutate(
      { message_id: t.maxId, topic: next, propagate_mode: 'change_all' },
      {
        onSuccess: () => {
          notify('success', `resolve-${t.streamId}`, verb, `“${next}” in #${t.channelName}.`);
          if (search.selected?.streamId === t.streamId && search.selected.topic === t.name) {
            search.open(t.streamId, next, true);
          }
        },
        onError: (error) => notify('error', `resolve-${t.streamId}`, `Not ${verb.toLowerCase()}`, errorMessage(error)),
      },
    );
  };

  const ability = (t: TopicActivity) =>
    resolveAbility({
      topic: t.name,
      level,
      userId: user?.userId ?? null,
      realm: realm.data,
      channel: channelsById.get(t.streamId),
      groups,
    });

  const names = (ids: readonly number[]) => {
    const shown = ids.slice(0, 3).map((id) => people.data?.get(id) ?? `User ${id}`);
    return ids.length > 3 ? `${shown.join(', ')} +${ids.length - 3}` : shown.join(', ');
  };

  const columns: DataTableColumn<TopicActivity>[] = [
    {
      id: 'topic',
      header: 'Topic',
      width: 'minmax(14rem, 2fr)',
      cell: (t) => (
        <Group gap="xs" wrap="nowrap">
          {isResolvedTopic(t.name) ? (
            <Badge size="xs" color="teal" variant="light">
              Resolved
            </Badge>
          ) : null}
          <Text size="sm" fw={500} fs={t.name === '' ? 'italic' : undefined} truncate>
            {t.name === '' ? emptyName : t.name}
          </Text>
        </Group>
      ),
    },
    { id: 'channel', header: 'Channel', width: 'minmax(8rem, 1fr)', cell: (t) => `#${t.channelName}` },
    {
      id: 'count',
      header: 'Messages',
      width: '7rem',
      align: 'end',
      cell: (t) => (t.count === 0 && !t.complete ? '—' : `${t.complete ? '' : '≥ '}${t.count.toLocaleString()}`),
    },
    {
      id: 'people',
      header: 'Participants',
      width: 'minmax(10rem, 1.5fr)',
      cell: (t) => (
        <Text size="sm" truncate title={names(t.participants)}>
          {names(t.participants)}
        </Text>
      ),
    },
    {
      id: 'last',
      header: 'Last activity',
      width: 'minmax(11rem, 1fr)',
      cell: (t) => (
        <Text size="sm" truncate>
          {formatWhen(t.lastActivity)}
        </Text>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      width: '9rem',
      cell: (t) => {
        const can = ability(t);
        const label = isResolvedTopic(t.name) ? 'Unresolve' : 'Resolve';
        return (
          <Button
            size="xs"
            variant="light"
            disabled={!can.allowed}
            title={can.reason ?? undefined}
            aria-label={`${label} ${t.name === '' ? emptyName : t.name}`}
            onClick={(e) => {
              e.stopPropagation();
              toggleResolved(t);
            }}
          >
            {label}
          </Button>
        );
      },
    },
  ];

  const channelOptions = (channels.data ?? []).map((c) => ({ value: String(c.stream_id), label: `#${c.name}` }));

  return (
    <Stack gap="md">
      <Title order={2}>Topic moderation</Title>
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search topics"
          placeholder="Topic name"
          value={search.q}
          onChange={(e) => search.setQuery(e.currentTarget.value)}
          w={240}
        />
        <Select
          label="Channel"
          placeholder="All channels"
          data={channelOptions}
          value={search.channelFilter === null ? null : String(search.channelFilter)}
          onChange={(value) => search.setChannelFilter(value === null ? null : Number(value))}
          clearable
          searchable
          w={220}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="topic-status-label">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="topic-status-label"
            data={STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={search.status}
            onChange={(value) => search.setStatus(value as StatusFilter)}
          />
        </Stack>
      </Group>
      <Group justify="space-between" mih={24}>
        <Text size="sm" role="status" aria-live="polite">
          {channels.isPending || activity.pending
            ? 'Loading topics…'
            : `${rows.length.toLocaleString()} ${rows.length === 1 ? 'topic' : 'topics'}`}
        </Text>
        {activity.pending && !channels.isPending ? <Loader size="xs" aria-label="Loading" /> : null}
      </Group>
      {channels.isError ? (
        <Alert color="red" variant="light" title="Channels could not be loaded">
          {errorMessage(channels.error)}
        </Alert>
      ) : null}
      {activity.errors.length > 0 ? (
        <Alert color="yellow" variant="light" title="Some channels could not be read">
          {errorMessage(activity.errors[0])}
        </Alert>
      ) : null}
      <DataTable
        label="Topics"
        rows={rows}
        columns={columns}
        getRowId={(t) => `${t.streamId}:${t.name}`}
        selectedId={search.selected ? `${search.selected.streamId}:${search.selected.topic}` : null}
        onSelect={(t) => search.open(t.streamId, t.name)}
        minWidth={900}
        empty={activity.pending ? 'Loading topics…' : 'No topics match.'}
      />
      {search.selected ? (
        <TopicDrawer
          key={`${search.selected.streamId}:${search.selected.topic}`}
          streamId={search.selected.streamId}
          topic={search.selected.topic}
          channel={channelsById.get(search.selected.streamId)}
          channels={channels.data ?? []}
          emptyName={emptyName}
          level={level}
          resolve={ability({
            streamId: search.selected.streamId,
            channelName: '',
            name: search.selected.topic,
            maxId: 0,
            count: 0,
            complete: false,
            participants: [],
            lastActivity: null,
          })}
          onRenamed={(streamId, topic) => search.open(streamId, topic, true)}
          onClose={search.close}
        />
      ) : null}
    </Stack>
  );
}
