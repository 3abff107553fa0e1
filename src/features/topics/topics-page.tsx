import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '../../client/api-error';
import { useSession } from '../../client/session';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { usePhone } from '../../components/use-phone';
import { DataTable } from '../../components/data-table/data-table';
import { ListStatus } from '../../components/list-status';
import { countOf } from '../../client/count-of';
import type { Channel } from '../../shared/svc/channels';
import { useAllChannelActivity, type TopicActivity } from './api/get-channel-activity';
import { useModerationChannels } from './api/get-channels';
import { prefetchTopicMessages } from './api/get-topic-messages';
import { useTopicPeople } from './api/get-people';
import type { Ability } from './permissions';
import { topicColumns } from './topic-columns';
import { TopicDrawer } from './topic-drawer';
import { TopicFilters } from './topic-filters';
import { useTopicAbilities } from './use-topic-abilities';
import { topicRowId, useTopicRows } from './use-topic-rows';
import { useTopicsSearch } from './use-topics-search';
import { useStableCallback } from './use-stable-callback';
import { useToggleResolved } from './use-toggle-resolved';

/** Moderators: the topics that need attention across every channel they can see, and one-click actions. */
export function TopicsPage() {
  const search = useTopicsSearch();
  const { isAdmin, user } = useRole();
  const level = useFeatureLevel();
  const queryClient = useQueryClient();
  // The open topic's messages are requested by the render that selects it, in parallel with everything
  // else this page and the drawer need, not after the drawer has rendered (idempotent, like the query).
  if (search.selected) prefetchTopicMessages(queryClient, search.selected.streamId, search.selected.topic, level);
  const { data: session } = useSession();
  const emptyName = session?.limits?.realmEmptyTopicDisplayName ?? 'general chat';
  const channels = useModerationChannels(isAdmin);
  const activity = useAllChannelActivity(channels.data ?? [], level);
  const { ability, canEdit, channelsById } = useTopicAbilities(channels.data, level, user?.userId ?? null);
  const { rows, markActedOn } = useTopicRows({
    ...search,
    topics: activity.topics,
    pending: activity.pending,
    emptyName,
  });
  const toggleResolved = useToggleResolved({ emptyName, selected: search.selected, open: search.open, markActedOn });
  const selected = search.selected;

  return (
    <Stack gap="md">
      <Title order={2}>Topic moderation</Title>
      <TopicsFilterBar search={search} channels={channels.data} />
      <ListStatus updating={activity.pending && !channels.isPending} updatingLabel="Loading">
        {channels.isPending || activity.pending ? 'Loading topics…' : countOf(rows.length, 'topic', 'topics')}
      </ListStatus>
      <TopicsAlerts channelsError={channels.isError ? channels.error : null} activity={activity} />
      <TopicsTable
        rows={rows}
        pending={activity.pending}
        emptyName={emptyName}
        ability={ability}
        onToggleResolved={toggleResolved}
        selectedId={selected ? topicRowId({ streamId: selected.streamId, name: selected.topic }) : null}
        onPress={(t) => prefetchTopicMessages(queryClient, t.streamId, t.name, level)}
        onSelect={(t) => {
          prefetchTopicMessages(queryClient, t.streamId, t.name, level);
          search.open(t.streamId, t.name);
        }}
      />
      {selected ? (
        <TopicDrawer
          key={topicRowId({ streamId: selected.streamId, name: selected.topic })}
          streamId={selected.streamId}
          topic={selected.topic}
          channel={channelsById.get(selected.streamId)}
          channels={channels.data ?? []}
          emptyName={emptyName}
          level={level}
          resolve={ability({ streamId: selected.streamId, name: selected.topic })}
          canEdit={canEdit}
          onRenamed={(streamId, topic) => search.open(streamId, topic, true)}
          onClose={search.close}
        />
      ) : null}
    </Stack>
  );
}

function TopicsFilterBar({
  search,
  channels,
}: {
  search: ReturnType<typeof useTopicsSearch>;
  channels: readonly Channel[] | undefined;
}) {
  const channelOptions = useMemo(
    () => (channels ?? []).map((c) => ({ value: String(c.stream_id), label: `#${c.name}` })),
    [channels],
  );
  const setQuery = useStableCallback(search.setQuery);
  const setChannelFilter = useStableCallback(search.setChannelFilter);
  const setStatus = useStableCallback(search.setStatus);
  return (
    <TopicFilters
      q={search.q}
      channelFilter={search.channelFilter}
      status={search.status}
      channelOptions={channelOptions}
      onQuery={setQuery}
      onChannelFilter={setChannelFilter}
      onStatus={setStatus}
    />
  );
}

function TopicsAlerts({
  channelsError,
  activity,
}: {
  channelsError: unknown;
  activity: Pick<ReturnType<typeof useAllChannelActivity>, 'errors' | 'unreadable'>;
}) {
  return (
    <>
      {channelsError ? (
        <Alert color="red" variant="light" title="Channels could not be loaded">
          {errorMessage(channelsError)}
        </Alert>
      ) : null}
      {activity.errors.length > 0 ? (
        <Alert color="yellow" variant="light" title="Some channels could not be read">
          {errorMessage(activity.errors[0])}
        </Alert>
      ) : null}
      {activity.unreadable.length > 0 ? (
        <Alert color="gray" variant="light" title={`Private channels you cannot read: ${activity.unreadable.length}`}>
          {activity.unreadable.map((c) => `#${c.channelName}`).join(', ')}. The chat server shows their topics only to
          those who may read them; subscribe to a channel to moderate its topics here.
        </Alert>
      ) : null}
    </>
  );
}

interface TopicsTableProps {
  rows: readonly TopicActivity[];
  pending: boolean;
  emptyName: string;
  ability: (t: TopicActivity) => Ability;
  onToggleResolved: (t: TopicActivity) => void;
  selectedId: string | null;
  onPress: (t: TopicActivity) => void;
  onSelect: (t: TopicActivity) => void;
}

function TopicsTable({ rows, pending, emptyName, ability, onToggleResolved, ...rest }: TopicsTableProps) {
  const people = useTopicPeople();
  const phone = usePhone();
  const columns = useMemo(
    () => topicColumns({ emptyName, people: people.data, ability, onToggleResolved, compact: phone }),
    [emptyName, people.data, ability, onToggleResolved, phone],
  );
  return (
    <DataTable
      label="Topics"
      rows={rows}
      columns={columns}
      getRowId={topicRowId}
      // The messages are asked for when the button goes down, and again (a no-op then) on the click.
      {...rest}
      minWidth={phone ? 0 : 900}
      empty={
        pending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading topics">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        ) : (
          'No topics match.'
        )
      }
    />
  );
}
