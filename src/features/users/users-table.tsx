import { Badge } from '@mantine/core';
import { memo, useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import type { User } from '../../shared/svc/records';
import { botTypeLabel, roleLabel } from '../../shared/svc/roles';
import { formatLastActive, lastActiveOf, type LastActive } from './activity';
import { displayEmail, formatDate } from './format';
import type { OptionalColumn } from './use-users-search';
import { UserAvatar } from './user-avatar';
import { RowCheckbox, StatusBadge } from './users-table-cells';
import classes from './users-table.module.css';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} size="sm">
      {active ? 'Active' : 'Deactivated'}
    </Badge>
  );
}

// Cells are plain elements (the cell already sets the font size and truncates): a scroll frame renders the
// rows entering the view, and Mantine's Text/Group per cell would multiply that work for the same pixels.
const nameColumn: DataTableColumn<User> = {
  id: 'name',
  header: 'Name',
  // Every column fits a 1440-pixel screen beside the navigation (the fixed ones and these minimums add up
  // to less than its ~1180 px); narrower screens scroll the table inside its card.
  width: 'minmax(11rem, 2fr)',
  cell: (user) => (
    <span className={classes.name}>
      <UserAvatar user={user} />
      <span className={classes.nameText}>{user.full_name}</span>
    </span>
  ),
};

// Defined once at module level: the table re-renders rows, never these column definitions.
const optionalColumns: Record<Exclude<OptionalColumn, 'lastActive'>, DataTableColumn<User>> = {
  email: { id: 'email', header: 'Email', width: 'minmax(11rem, 2fr)', cell: (user) => displayEmail(user) },
  role: { id: 'role', header: 'Role', width: '8.5rem', cell: (user) => roleLabel(user.role) },
  joined: { id: 'joined', header: 'Joined', width: '8rem', cell: (user) => formatDate(user.date_joined) },
  status: { id: 'status', header: 'Status', width: '7.5rem', cell: (user) => <StatusBadge active={user.is_active} /> },
  bot: {
    id: 'bot',
    header: 'Bot type',
    width: '9rem',
    cell: (user) => (user.is_bot ? (botTypeLabel(user.bot_type) ?? 'Bot') : <span className={classes.dimmed}>—</span>),
  },
};

const userId = (user: User) => user.user_id;

/** Defined once: a new default array on every render would rebuild the columns each time. */
const DEFAULT_COLUMNS: readonly OptionalColumn[] = ['email', 'role', 'joined', 'status', 'bot'];

/** Multi-select for bulk actions: the checkbox column's state and its click handler. */
export interface TableSelection {
  isSelected: (userId: number) => boolean;
  /** `shiftKey`: select (or clear) the range from the last clicked row. */
  onToggle: (user: User, shiftKey: boolean) => void;
}

/** The columns shown: the selection box (for bulk actions), the name, then the optional ones in their order. */
function useShownColumns(
  columns: readonly OptionalColumn[],
  lastActive: ((user: User) => LastActive) | undefined,
  nowSeconds: number,
  selection: TableSelection | undefined,
): DataTableColumn<User>[] {
  return useMemo(() => {
    const list: DataTableColumn<User>[] = [];
    if (selection) {
      list.push({
        id: 'select',
        header: 'Select',
        width: '4.5rem',
        align: 'center',
        cell: (user) => (
          <RowCheckbox
            label={`Select ${user.full_name}`}
            checked={selection.isSelected(user.user_id)}
            // The row's own click opens the details; the checkbox only selects (DataTable leaves it the click).
            onClick={(event) => selection.onToggle(user, event.shiftKey)}
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
          // Wide enough for "Imported, never signed in".
          width: '11.5rem',
          cell: (user) => {
            const value = lastActive ? lastActive(user) : lastActiveOf(user, null);
            return (
              <span className={lastActive || value === 'imported' ? undefined : classes.dimmed}>
                {formatLastActive(value, nowSeconds)}
              </span>
            );
          },
        });
      } else list.push(optionalColumns[id]);
    }
    return list;
  }, [columns, lastActive, nowSeconds, selection]);
}

/** The page sets it (users-page.module.css): on a phone the list fills the screen once scrolled to. */
const TABLE_HEIGHT = 'var(--users-table-height, max(320px, calc(100dvh - 260px)))';

/** Memoized: the page re-renders on every keystroke in the search box, the table only when its rows change. */
export const UsersTable = memo(function UsersTable({
  users,
  selectedId,
  onSelect,
  onPress,
  empty,
  columns = DEFAULT_COLUMNS,
  lastActive,
  nowSeconds = 0,
  selection,
}: {
  users: readonly User[];
  selectedId: number | null;
  onSelect: (user: User) => void;
  /** The button went down on a user's row (the click that opens them follows on release). */
  onPress?: (user: User) => void;
  empty: string;
  /** Optional columns to show, in this order. */
  columns?: readonly OptionalColumn[];
  lastActive?: (user: User) => LastActive;
  nowSeconds?: number;
  selection?: TableSelection;
}) {
  const shown = useShownColumns(columns, lastActive, nowSeconds, selection);
  return (
    <DataTable
      label="Users"
      rows={users}
      columns={shown}
      getRowId={userId}
      selectedId={selectedId}
      onSelect={onSelect}
      {...(onPress ? { onPress } : {})}
      minWidth={selection ? 1040 : 880}
      height={TABLE_HEIGHT}
      empty={empty}
      // Every cell here is derived from the row alone (the avatar's picture is keyed by its URL).
      recycleRows
    />
  );
});
