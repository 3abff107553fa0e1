import { Badge, Group, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import type { User } from '../../shared/svc/records';
import { botTypeLabel, roleLabel } from '../../shared/svc/roles';
import { displayEmail, formatDate } from './format';
import { UserAvatar } from './user-avatar';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} size="sm">
      {active ? 'Active' : 'Deactivated'}
    </Badge>
  );
}

// Defined once at module level: the table re-renders rows, never the column list.
const columns: readonly DataTableColumn<User>[] = [
  {
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
  },
  {
    id: 'email',
    header: 'Email',
    width: 'minmax(14rem, 2fr)',
    cell: (user) => (
      <Text size="sm" truncate>
        {displayEmail(user)}
      </Text>
    ),
  },
  { id: 'role', header: 'Role', width: '8.5rem', cell: (user) => roleLabel(user.role) },
  { id: 'joined', header: 'Joined', width: '8rem', cell: (user) => formatDate(user.date_joined) },
  { id: 'status', header: 'Status', width: '7.5rem', cell: (user) => <ActiveBadge active={user.is_active} /> },
  {
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
];

export function UsersTable({
  users,
  selectedId,
  onSelect,
  empty,
}: {
  users: readonly User[];
  selectedId: number | null;
  onSelect: (user: User) => void;
  empty: string;
}) {
  return (
    <DataTable
      label="Users"
      rows={users}
      columns={columns}
      getRowId={(user) => user.user_id}
      selectedId={selectedId}
      onSelect={onSelect}
      minWidth={880}
      empty={empty}
    />
  );
}
