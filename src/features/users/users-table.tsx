import { Badge, Checkbox, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import type { User } from '../../shared/svc/records';
import { botTypeLabel, roleLabel } from '../../shared/svc/roles';
import { formatLastActive, type LastActive } from './activity';
import { displayEmail, formatDate } from './format';
import type { OptionalColumn } from './use-users-search';
import { UserAvatar } from './user-avatar';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} size="sm">
      {active ? 'Active' : 'Deactivated'}
    </Badge>
  );
}

const nameColumn: DataTableColumn<User> = {
  id: 'name',
  header: 'Name',
  width: 'minmax(14rem, 2fr)',
  cell: (user) => (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar user={user} />
      <Text size="sm" fw={500} truncate>
        {user.full_name}
      </Text>
    </Group>
  ),
};

// Defined once at module level: the table re-renders rows, never these column definitions.
const optionalColumns: Record<Exclude<OptionalColumn, 'lastActive'>, DataTableColumn<User>> = {
  email: {
    id: 'email',
    header: 'Email',
    width: 'minmax(14rem, 2fr)',
    cell: (user) => (
      <Text size="sm" truncate>
        {displayEmail(user)}
      </Text>
    ),
  },
  role: { id: 'role', header: 'Role', width: '8.5rem', cell: (user) => roleLabel(user.role) },
  joined: { id: 'joined', header: 'Joined', width: '8rem', cell: (user) => formatDate(user.date_joined) },
  status: { id: 'status', header: 'Status', width: '7.5rem', cell: (user) => <ActiveBadge active={user.is_active} /> },
  bot: {
    id: 'bot',
    header: 'Bot type',
    width: '9rem',
    cell: (user) =>
      user.is_bot ? (
        <Text size="sm">{botTypeLabel(user.bot_type) ?? 'Bot'}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
};

/** Multi-select for bulk actions: the checkbox column's state and its click handler. */
export interface TableSelection {
  isSelected: (userId: number) => boolean;
  /** `shiftKey`: select (or clear) the range from the last clicked row. */
  onToggle: (user: User, shiftKey: boolean) => void;
}

export function UsersTable({
  users,
  selectedId,
  onSelect,
  empty,
  columns = ['email', 'role', 'joined', 'status', 'bot'],
  lastActive,
  nowSeconds = 0,
  selection,
}: {
  users: readonly User[];
  selectedId: number | null;
  onSelect: (user: User) => void;
  empty: string;
  /** Optional columns to show, in this order. */
  columns?: readonly OptionalColumn[];
  lastActive?: (user: User) => LastActive;
  nowSeconds?: number;
  selection?: TableSelection;
}) {
  const shown = useMemo(() => {
    const list: DataTableColumn<User>[] = [];
    if (selection) {
      list.push({
        id: 'select',
        header: 'Select',
        width: '4.5rem',
        align: 'center',
        cell: (user) => (
          <Checkbox
            aria-label={`Select ${user.full_name}`}
            checked={selection.isSelected(user.user_id)}
            // The row's own click opens the details; the checkbox only selects.
            onClick={(event) => {
              event.stopPropagation();
              selection.onToggle(user, event.shiftKey);
            }}
            onKeyDown={(event) => event.stopPropagation()}
            onChange={() => undefined}
          />
        ),
      });
    }
    list.push(nameColumn);
    for (const id of columns) {
      if (id === 'lastActive') {
        list.push({
          id: 'lastActive',
          header: 'Last active',
          width: '9rem',
          cell: (user) => (
            <Text size="sm" c={lastActive ? undefined : 'dimmed'}>
              {formatLastActive(lastActive ? lastActive(user) : 'unknown', nowSeconds)}
            </Text>
          ),
        });
      } else list.push(optionalColumns[id]);
    }
    return list;
  }, [columns, lastActive, nowSeconds, selection]);

  return (
    <DataTable
      label="Users"
      rows={users}
      columns={shown}
      getRowId={(user) => user.user_id}
      selectedId={selectedId}
      onSelect={onSelect}
      minWidth={selection ? 1040 : 880}
      empty={empty}
    />
  );
}
