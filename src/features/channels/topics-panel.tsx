import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { useRole } from '../../client/use-role';
import { useSession } from '../../client/session';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { LoadError } from '../../components/load-error';
import { usePhone } from '../../components/use-phone';
import type { Channel } from '../../shared/svc/channels';
import { useTopics, type TopicRow } from './api/get-topics';
import { useMarkTopicRead } from './api/mark-topic-read';
import { DeleteTopicModal } from './delete-topic-modal';
import { deleteTopicAbility } from './permissions';
import { RESOLVED_PREFIX, topicLabel } from './topic-label';
import { countOf } from '../../client/count-of';

function formatActivity(seconds: number | null): string {
  return seconds === null ? '—' : new Date(seconds * 1000).toLocaleString();
}

/** Marks one topic read, and says how many messages that was (or why it was not). */
function useMarkRead(channel: Channel, level: number, emptyName: string) {
  const markRead = useMarkTopicRead();
  return (topic: TopicRow) => {
    const label = topicLabel(topic.name, emptyName);
    markRead.mutate(
      { streamId: channel.stream_id, topic: topic.name, level },
      {
        onSuccess: (updated) =>
          notify(
            'success',
            `mark-read-${channel.stream_id}`,
            'Marked as read',
            updated === null
              ? `“${label}” is read.`
              : `“${label}”: ${updated.toLocaleString()} messages marked as read.`,
          ),
        onError: (error) =>
          notify('error', `mark-read-${channel.stream_id}`, 'Not marked as read', errorMessage(error)),
      },
    );
  };
}

interface ColumnsInput {
  emptyName: string;
  /** On a phone: the topic with its last activity under it, and its buttons beside it, all in view. */
  phone: boolean;
  mayDelete: boolean;
  onMarkRead: (topic: TopicRow) => void;
  onDelete: (topic: TopicRow) => void;
}

function TopicCell({ topic, emptyName, phone }: { topic: TopicRow; emptyName: string; phone: boolean }) {
  return (
    <Stack gap={0} miw={0}>
      <Group gap="xs" wrap="nowrap">
        {topic.name.startsWith(RESOLVED_PREFIX) ? (
          <Badge size="xs" color="teal" variant="light">
            Resolved
          </Badge>
        ) : null}
        <Text size="sm" fs={topic.name === '' ? 'italic' : undefined} truncate>
          {topicLabel(topic.name, emptyName)}
        </Text>
      </Group>
      {phone ? (
        <Text size="xs" c="dimmed" truncate>
          {formatActivity(topic.lastActivity)}
        </Text>
      ) : null}
    </Stack>
  );
}

function topicColumns({
  emptyName,
  phone,
  mayDelete,
  onMarkRead,
  onDelete,
}: ColumnsInput): DataTableColumn<TopicRow>[] {
  const activity: DataTableColumn<TopicRow> = {
    id: 'activity',
    header: 'Last activity',
    width: 'minmax(10rem, 1fr)',
    cell: (t) => formatActivity(t.lastActivity),
  };
  return [
    {
      id: 'topic',
      header: 'Topic',
      width: phone ? 'minmax(0, 1fr)' : 'minmax(12rem, 2fr)',
      cell: (t) => <TopicCell topic={t} emptyName={emptyName} phone={phone} />,
    },
    ...(phone ? [] : [activity]),
    {
      id: 'actions',
      header: 'Actions',
      width: mayDelete ? (phone ? '13rem' : '15rem') : '8.5rem',
      cell: (t) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            aria-label={`Mark ${topicLabel(t.name, emptyName)} as read`}
            onClick={() => onMarkRead(t)}
          >
            Mark as read
          </Button>
          {/* Not offered to whom the server refuses it; the note above the list says why. */}
          {mayDelete ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Delete topic ${topicLabel(t.name, emptyName)}`}
              onClick={() => onDelete(t)}
            >
              Delete
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];
}

/** A channel's topics, newest activity first; mark one read, or (administrators only, offered to no one else) delete it. */
export function TopicsPanel({ channel, level }: { channel: Channel; level: number }) {
  const topics = useTopics(channel.stream_id, level);
  const { role } = useRole();
  const { data: session } = useSession();
  const emptyName = session?.limits?.realmEmptyTopicDisplayName ?? 'general chat';
  const onMarkRead = useMarkRead(channel, level, emptyName);
  const [deleting, setDeleting] = useState<TopicRow | null>(null);
  const ability = deleteTopicAbility(role);
  const phone = usePhone();
  const columns = topicColumns({ emptyName, phone, mayDelete: ability.allowed, onMarkRead, onDelete: setDeleting });

  if (topics.isPending) return <Loader size="xs" aria-label="Loading topics" />;
  if (topics.isError) {
    return <LoadError title="Topics could not be loaded" error={topics.error} onRetry={() => void topics.refetch()} />;
  }
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {countOf(topics.data.length, 'topic', 'topics')}
      </Text>
      {!ability.allowed ? (
        <Text size="sm" c="dimmed" role="note">
          {ability.reason}
        </Text>
      ) : null}
      <DataTable
        label="Topics"
        rows={topics.data}
        columns={columns}
        getRowId={(t) => `${t.maxId}:${t.name}`}
        height="min(50vh, 480px)"
        minWidth={phone ? 0 : 720}
        empty="This channel has no topics you can see."
      />
      {deleting ? (
        <DeleteTopicModal
          channel={channel}
          topic={deleting.name}
          label={topicLabel(deleting.name, emptyName)}
          level={level}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}
