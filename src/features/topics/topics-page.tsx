import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { useSession } from '../../client/session';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { usePhone } from '../../components/use-phone';
import { DataTable } from '../../components/data-table/data-table';
import { ListStatus } from '../../components/list-status';
import { countOf } from '../../client/count-of';
import type { GroupMembership } from '../../shared/svc/group-settings';
import { isResolvedTopic, toggledResolvedTopic, type Message } from '../../shared/svc/messages';
import { useAllChannelActivity, type TopicActivity } from './api/get-channel-activity';
import { useModerationChannels } from './api/get-channels';
import { useModerationGroups, useModerationRealm } from './api/get-moderation-context';
import { prefetchTopicMessages } from './api/get-topic-messages';
import { useTopicPeople } from './api/get-people';
import { useUpdateMessage } from './api/update-message';
import { editContentAbility, resolveAbility } from './permissions';
import { topicColumns } from './topic-columns';
import { TopicDrawer } from './topic-drawer';
import { TopicFilters } from './topic-filters';
import { useTopicsSearch } from './use-topics-search';
import { useStableCallback } from './use-stable-callback';

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
  // Topics acted on here stay in the list (in their new state) until the filters change, so a resolve does
  // not pull the rows below up under the pointer.
  const [actedOn, setActedOn] = useState<ReadonlySet<string>>(new Set());
  const filterKey = `${search.channelFilter}|${search.status}|${query}`;
  const [actedFilterKey, setActedFilterKey] = useState(filterKey);
  if (actedFilterKey !== filterKey) {
    setActedFilterKey(filterKey);
    setActedOn(new Set());
  }
  // The row whose action button gets the focus back once the list shows it under its new name.
  const focusRow = useRef<string | null>(null);

  const rows = useMemo(
    () =>
      // While channels are still being read the list is not shown at all: it would reorder as each arrives.
      (activity.pending ? [] : activity.topics)
        .filter((t) => search.channelFilter === null || t.streamId === search.channelFilter)
        .filter(
          (t) =>
            actedOn.has(`${t.streamId}:${t.name}`) ||
            (search.status === 'all'
              ? true
              : search.status === 'resolved'
                ? isResolvedTopic(t.name)
                : !isResolvedTopic(t.name)),
        )
        .filter((t) => !query || (t.name === '' ? emptyName : t.name).toLowerCase().includes(query))
        .sort((a, b) => b.maxId - a.maxId),
    [activity.pending, activity.topics, search.channelFilter, search.status, query, emptyName, actedOn],
  );

  useEffect(() => {
    if (focusRow.current === null) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-topic-action="${CSS.escape(focusRow.current)}"]`);
    if (!button) return;
    button.focus();
    focusRow.current = null;
  }, [rows]);
  // The toast's Undo calls the same action back (set after render: the action is defined below).
  const undoRef = useRef<(t: TopicActivity) => void>(() => undefined);

  // Stable, so the memoized columns (and with them the table's rows) survive this page rendering again.
  const toggleResolved = useStableCallback((t: TopicActivity, undoing = false) => {
    const next = toggledResolvedTopic(t.name);
    const verb = isResolvedTopic(t.name) ? 'Unresolved' : 'Resolved';
    const shown = (name: string) => (name === '' ? emptyName : name);
    update.mutate(
      { message_id: t.maxId, topic: next, propagate_mode: 'change_all' },
      {
        onSuccess: () => {
          const rowId = `${t.streamId}:${next}`;
          setActedOn((prior) => new Set([...prior, rowId]));
          focusRow.current = rowId;
          notify(
            'success',
            `resolve-${t.streamId}`,
            undoing ? `${verb} again` : verb,
            `“${shown(next)}” in #${t.channelName}.`,
            undoing ? undefined : { label: 'Undo', onClick: () => undoRef.current({ ...t, name: next }) },
          );
          if (search.selected?.streamId === t.streamId && search.selected.topic === t.name) {
            search.open(t.streamId, next, true);
          }
        },
        onError: (error) => notify('error', `resolve-${t.streamId}`, `Not ${verb.toLowerCase()}`, errorMessage(error)),
      },
    );
  });

  useEffect(() => {
    undoRef.current = (t) => toggleResolved(t, true);
  }, [toggleResolved]);

  const userId = user?.userId ?? null;
  const ability = useCallback(
    (t: TopicActivity) =>
      resolveAbility({
        topic: t.name,
        level,
        userId,
        realm: realm.data,
        channel: channelsById.get(t.streamId),
        groups,
      }),
    [level, userId, realm.data, channelsById, groups],
  );

  // "Now" for edit time limits: when the page opened is close enough (a refused edit says so anyway).
  const [openedAt] = useState(() => Math.floor(Date.now() / 1000));
  const canEdit = useCallback(
    (m: Message) =>
      editContentAbility({
        senderId: m.sender_id,
        timestamp: m.timestamp,
        userId,
        realm: realm.data,
        nowSeconds: openedAt,
      }).allowed,
    [userId, realm.data, openedAt],
  );

  const phone = usePhone();
  const columns = useMemo(
    () => topicColumns({ emptyName, people: people.data, ability, onToggleResolved: toggleResolved, compact: phone }),
    [emptyName, people.data, ability, toggleResolved, phone],
  );

  const channelOptions = useMemo(
    () => (channels.data ?? []).map((c) => ({ value: String(c.stream_id), label: `#${c.name}` })),
    [channels.data],
  );
  const setQuery = useStableCallback(search.setQuery);
  const setChannelFilter = useStableCallback(search.setChannelFilter);
  const setStatus = useStableCallback(search.setStatus);

  return (
    <Stack gap="md">
      <Title order={2}>Topic moderation</Title>
      <TopicFilters
        q={search.q}
        channelFilter={search.channelFilter}
        status={search.status}
        channelOptions={channelOptions}
        onQuery={setQuery}
        onChannelFilter={setChannelFilter}
        onStatus={setStatus}
      />
      <ListStatus updating={activity.pending && !channels.isPending} updatingLabel="Loading">
        {channels.isPending || activity.pending ? 'Loading topics…' : countOf(rows.length, 'topic', 'topics')}
      </ListStatus>
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
      {activity.unreadable.length > 0 ? (
        <Alert color="gray" variant="light" title={`Private channels you cannot read: ${activity.unreadable.length}`}>
          {activity.unreadable.map((c) => `#${c.channelName}`).join(', ')}. The chat server shows their topics only to
          those who may read them; subscribe to a channel to moderate its topics here.
        </Alert>
      ) : null}
      <DataTable
        label="Topics"
        rows={rows}
        columns={columns}
        getRowId={(t) => `${t.streamId}:${t.name}`}
        selectedId={search.selected ? `${search.selected.streamId}:${search.selected.topic}` : null}
        // The messages are asked for when the button goes down, and again (a no-op then) on the click.
        onPress={(t) => prefetchTopicMessages(queryClient, t.streamId, t.name, level)}
        onSelect={(t) => {
          prefetchTopicMessages(queryClient, t.streamId, t.name, level);
          search.open(t.streamId, t.name);
        }}
        minWidth={phone ? 0 : 900}
        empty={
          activity.pending ? (
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
          canEdit={canEdit}
          onRenamed={(streamId, topic) => search.open(streamId, topic, true)}
          onClose={search.close}
        />
      ) : null}
    </Stack>
  );
}
