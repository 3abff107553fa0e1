import { Badge, Button, Group, Skeleton, Text } from '@mantine/core';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { isResolvedTopic } from '../../shared/svc/messages';
import type { TopicActivity } from './api/get-channel-activity';
import { formatLocalTime } from './local-time';
import type { Ability } from './permissions';

interface TopicColumnsInput {
  emptyName: string;
  /** Names by user ID, once loaded. */
  people: ReadonlyMap<number, string> | undefined;
  ability: (topic: TopicActivity) => Ability;
  onToggleResolved: (topic: TopicActivity) => void;
  /**
   * A phone's two columns: the topic with its channel under it, and its action. The full table is wider than
   * the screen, and its Resolve button sat past a sideways scroll.
   */
  compact?: boolean;
}

/** "Ann, Bo, Cy +4": the first three participants and how many more. */
export function participantNames(ids: readonly number[], people: ReadonlyMap<number, string>): string {
  const shown = ids.slice(0, 3).map((id) => people.get(id) ?? 'Unknown user');
  return ids.length > 3 ? `${shown.join(', ')} +${ids.length - 3}` : shown.join(', ');
}

/**
 * The triage table's columns. Built once per change of what they show (callers memoize them): the table's
 * rows are memoized on their props, so the same columns let opening a topic render only the rows whose
 * selection changed, not every row on screen.
 */
export function topicColumns({
  emptyName,
  people,
  ability,
  onToggleResolved,
  compact = false,
}: TopicColumnsInput): DataTableColumn<TopicActivity>[] {
  const actions = actionsColumn({ emptyName, ability, onToggleResolved, compact });
  if (compact) return [compactTopic(emptyName), actions];
  return [
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
      cell: (t) => {
        // Names come with the people list: until then a placeholder bar, never invented names.
        if (!people) return <Skeleton height={12} width="70%" aria-label="Loading names" />;
        const names = participantNames(t.participants, people);
        return (
          <Text size="sm" truncate title={names}>
            {names}
          </Text>
        );
      },
    },
    {
      id: 'last',
      header: 'Last activity',
      width: 'minmax(11rem, 1fr)',
      cell: (t) => (
        <Text size="sm" truncate>
          {t.lastActivity === null ? '—' : formatLocalTime(t.lastActivity)}
        </Text>
      ),
    },
    actions,
  ];
}

/** The topic's name, resolved or not, with its channel on a second line: one column on a phone. */
function compactTopic(emptyName: string): DataTableColumn<TopicActivity> {
  return {
    id: 'topic',
    header: 'Topic',
    width: 'minmax(0, 1fr)',
    cell: (t) => (
      <div style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          {isResolvedTopic(t.name) ? (
            <Badge size="xs" color="teal" variant="light" style={{ flexShrink: 0 }}>
              Resolved
            </Badge>
          ) : null}
          <Text size="sm" fw={500} fs={t.name === '' ? 'italic' : undefined} truncate>
            {t.name === '' ? emptyName : t.name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          #{t.channelName}
        </Text>
      </div>
    ),
  };
}

/** Resolve or Unresolve, disabled with the reason when the person may not. */
function actionsColumn({
  emptyName,
  ability,
  onToggleResolved,
  compact,
}: Pick<TopicColumnsInput, 'emptyName' | 'ability' | 'onToggleResolved'> & { compact: boolean }) {
  const column: DataTableColumn<TopicActivity> = {
    id: 'actions',
    header: 'Actions',
    width: compact ? '7rem' : '9rem',
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
          data-topic-action={`${t.streamId}:${t.name}`}
          onClick={() => onToggleResolved(t)}
        >
          {label}
        </Button>
      );
    },
  };
  return column;
}
