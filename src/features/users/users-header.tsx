import { Button, Checkbox, Group, Popover, Stack, Title } from '@mantine/core';
import { memo } from 'react';
import { OPTIONAL_COLUMNS, type OptionalColumn } from './use-users-search';

const COLUMN_LABELS: Record<OptionalColumn, string> = {
  email: 'Email',
  role: 'Role',
  joined: 'Joined',
  lastActive: 'Last active',
  status: 'Status',
  bot: 'Bot type',
};

/** The page title and its actions (columns, view link, look-up): memoized, typing never re-renders it. */
export const UsersHeader = memo(function UsersHeader({
  columns,
  setColumns,
  onCopyLink,
  onLookUp,
  onCreateUser,
}: {
  columns: readonly OptionalColumn[];
  setColumns: (columns: readonly OptionalColumn[]) => void;
  onCopyLink: () => void;
  onLookUp: () => void;
  /** Administrators only (the server decides whether they may). */
  onCreateUser?: (() => void) | undefined;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <Title order={2}>Users</Title>
      <Group gap="xs">
        <ColumnsPicker columns={columns} setColumns={setColumns} />
        <Button variant="default" onClick={onCopyLink}>
          Copy view link
        </Button>
        <Button variant="default" onClick={onLookUp}>
          Look up by email
        </Button>
        {onCreateUser ? (
          <Button variant="default" onClick={onCreateUser}>
            Create user
          </Button>
        ) : null}
      </Group>
    </Group>
  );
});

function ColumnsPicker({
  columns,
  setColumns,
}: {
  columns: readonly OptionalColumn[];
  setColumns: (columns: readonly OptionalColumn[]) => void;
}) {
  return (
    <Popover position="bottom-end" withinPortal>
      <Popover.Target>
        <Button variant="default">Columns</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label="Show columns"
          value={[...columns]}
          onChange={(values) => setColumns(OPTIONAL_COLUMNS.filter((c) => values.includes(c)))}
        >
          <Stack gap={6} mt="xs">
            {OPTIONAL_COLUMNS.map((c) => (
              <Checkbox key={c} value={c} label={COLUMN_LABELS[c]} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
