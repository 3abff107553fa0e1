import {
  Button,
  Checkbox,
  Group,
  Input,
  Loader,
  NativeSelect,
  NumberInput,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';

import { useFeatureLevel, useRole } from '../../client/use-role';
import type { User } from '../../shared/svc/records';
import { roleLabel, ROLE, type RoleName } from '../../shared/svc/roles';
import { useUsers } from './api/get-users';
import { useRealmPresence } from './api/get-presence';
import { DEFAULT_INACTIVE_DAYS, lastActiveOf, type ActivityFilter } from './activity';
import { BulkActionModal } from './bulk/bulk-action-modal';
import { BulkBar } from './bulk/bulk-bar';
import { RunPanel } from './bulk/run-panel';
import { clear, clickRow, emptySelection, selectAll, selectedAmong, type Selection } from './bulk/selection';
import type { BulkActionKind } from '../../shared/bff/bulk';
import { notify } from '../../client/notify';
import {
  filterUsers,
  hasActiveFilters,
  indexUsers,
  ROLE_FILTERS,
  type BotFilter,
  type StatusFilter,
  type UserFilters,
} from './filter-users';
import { formatCount, formatUserCount } from './format';
import { LookUpByEmailModal } from './look-up-by-email-modal';
import { UserDetailsDrawer } from './user-details';
import { OPTIONAL_COLUMNS, useUsersSearch, type OptionalColumn } from './use-users-search';
import { UsersTable, type TableSelection } from './users-table';
import { LoadError } from '../../components/load-error';

const ALL = 'all';

const roleOptions = [
  { value: ALL, label: 'All roles' },
  ...ROLE_FILTERS.map((name) => ({ value: name, label: roleLabel(ROLE[name]) })),
];
const statusOptions = [
  { value: ALL, label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];
const activityOptions = [
  { value: ALL, label: 'Any activity' },
  { value: 'inactive', label: 'Inactive for more than…' },
  { value: 'never', label: 'Never active' },
];
const COLUMN_LABELS: Record<OptionalColumn, string> = {
  email: 'Email',
  role: 'Role',
  joined: 'Joined',
  lastActive: 'Last active',
  status: 'Status',
  bot: 'Bot type',
};
const botOptions = [
  { value: ALL, label: 'All' },
  { value: 'humans', label: 'Humans' },
  { value: 'bots', label: 'Bots' },
];

/** Support staff and admins: find any user fast, see everything about them, act on them. */
export function UsersPage() {
  const { filters, columns, selectedUserId, runId, setFilter, setInactiveDays, setColumns, selectUser, setRunId } =
    useUsersSearch();
  const users = useUsers();
  const presence = useRealmPresence();
  const { user: me, isAdmin, isOwner } = useRole();
  const featureLevel = useFeatureLevel();
  const [lookUpOpen, setLookUpOpen] = useState(false);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [action, setAction] = useState<BulkActionKind | null>(null);

  // Built once per fetched list: sorting and lowercasing 10,000 records is not per-keystroke work.
  const index = useMemo(() => indexUsers(users.data ?? []), [users.data]);
  const usersById = useMemo(() => new Map((users.data ?? []).map((u) => [u.user_id, u] as const)), [users.data]);
  const presenceData = presence.data ?? null;
  const lastActive = useCallback((user: User) => lastActiveOf(user, presenceData?.byEmail ?? null), [presenceData]);
  const activity = useMemo(
    () => (presenceData ? { lastActive, nowSeconds: presenceData.nowSeconds } : null),
    [presenceData, lastActive],
  );

  // Filtering follows the input at lower priority, so typing never waits for the table.
  const deferred = useDeferredValue(filters);
  const rows = useMemo(() => filterUsers(index, deferred, activity), [index, deferred, activity]);
  const rowIds = useMemo(() => rows.map((u) => u.user_id), [rows]);
  const stale = deferred !== filters;

  const tableSelection = useMemo<TableSelection | undefined>(
    () =>
      isAdmin
        ? {
            isSelected: (id) => selection.ids.has(id),
            onToggle: (user, shiftKey) => setSelection((current) => clickRow(current, rowIds, user.user_id, shiftKey)),
          }
        : undefined,
    [isAdmin, selection, rowIds],
  );

  const actor = me ? { userId: me.userId, role: me.role } : null;
  const selected = selectedUserId === null ? null : (usersById.get(selectedUserId) ?? null);
  const total = users.data?.length ?? 0;
  // A user who disappeared from the list is no longer part of the selection.
  const selectedIds = useMemo(() => [...selection.ids].filter((id) => usersById.has(id)), [selection, usersById]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Users</Title>
        <Group gap="xs">
          <ColumnsPicker columns={columns} setColumns={setColumns} />
          <Button
            variant="default"
            onClick={() => {
              void navigator.clipboard
                ?.writeText(window.location.href)
                .then(() =>
                  notify('info', 'users-view-link', 'Link copied', 'This view (filters and columns) is in the link.'),
                );
            }}
          >
            Copy view link
          </Button>
          <Button variant="default" onClick={() => setLookUpOpen(true)}>
            Look up by email
          </Button>
        </Group>
      </Group>

      <UsersFilters filters={filters} setFilter={setFilter} setInactiveDays={setInactiveDays} />

      {isAdmin && runId ? <RunPanel runId={runId} onClose={() => setRunId(null)} onOpenRun={setRunId} /> : null}

      {isAdmin ? (
        <BulkBar
          selected={selectedIds.length}
          matching={rows.length}
          allMatchingSelected={rows.length > 0 && selectedAmong(selection, rowIds) === rows.length}
          onSelectAll={() => setSelection((current) => selectAll(current, rowIds))}
          onClear={() => setSelection(clear())}
          onAction={setAction}
        />
      ) : null}

      <Group justify="space-between" gap="xs" mih={24}>
        <Text size="sm" role="status" aria-live="polite">
          {users.isPending ? 'Loading users…' : formatUserCount(rows.length)}
          {!users.isPending && hasActiveFilters(deferred) ? (
            <Text span size="sm" c="dimmed">
              {' '}
              of {formatCount(total)}
            </Text>
          ) : null}
        </Text>
        {stale || users.isFetching ? <Loader size="xs" aria-label="Updating" /> : null}
      </Group>

      {users.isError ? (
        <LoadError title="Users could not be loaded" error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <div style={{ opacity: stale ? 0.7 : 1, transition: 'opacity 120ms' }}>
          <UsersTable
            users={rows}
            selectedId={selectedUserId}
            onSelect={(user: User) => selectUser(user.user_id)}
            empty={users.isPending ? 'Loading users…' : 'No users match these filters.'}
            columns={columns}
            {...(presenceData ? { lastActive, nowSeconds: presenceData.nowSeconds } : {})}
            {...(tableSelection ? { selection: tableSelection } : {})}
          />
        </div>
      )}

      <UserDetailsDrawer
        userId={selectedUserId}
        user={selected}
        loading={users.isPending}
        usersById={usersById}
        actor={actor}
        featureLevel={featureLevel}
        onClose={() => selectUser(null)}
      />
      <LookUpByEmailModal
        opened={lookUpOpen}
        onClose={() => setLookUpOpen(false)}
        onFound={(user) => {
          setLookUpOpen(false);
          selectUser(user.user_id);
        }}
      />
      <BulkActionModal
        kind={action}
        userIds={selectedIds}
        isOwner={isOwner}
        onClose={() => setAction(null)}
        onStarted={(run) => {
          setAction(null);
          setSelection(clear());
          setRunId(run.id);
        }}
      />
    </Stack>
  );
}

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

function UsersFilters({
  filters,
  setFilter,
  setInactiveDays,
}: {
  filters: UserFilters;
  setFilter: <K extends 'q' | 'role' | 'status' | 'bots' | 'activity'>(key: K, value: UserFilters[K]) => void;
  setInactiveDays: (days: number) => void;
}) {
  const statusLabel = useId();
  const botsLabel = useId();

  // The box answers each keystroke from local state; the URL follows. Reading the box back from the URL
  // would lag behind typing while the router's transition is pending.
  const [text, setText] = useState(filters.q);
  const written = useRef(filters.q);
  useEffect(() => {
    // Only a navigation we did not cause (back button, a shared link) replaces what is in the box.
    if (filters.q !== written.current) {
      written.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);

  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <TextInput
        label="Search users"
        placeholder="Name or email"
        type="search"
        value={text}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          written.current = value;
          setFilter('q', value);
        }}
        style={{ flex: '1 1 16rem' }}
      />
      <NativeSelect
        label="Role"
        data={roleOptions}
        value={filters.role ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setFilter('role', value === ALL ? null : (value as RoleName));
        }}
        w={170}
      />
      <Stack gap={2}>
        <Input.Label labelElement="div" id={statusLabel}>
          Status
        </Input.Label>
        <SegmentedControl
          aria-labelledby={statusLabel}
          data={statusOptions}
          value={filters.status ?? ALL}
          onChange={(value) => setFilter('status', value === ALL ? null : (value as StatusFilter))}
        />
      </Stack>
      <NativeSelect
        label="Activity"
        data={activityOptions}
        value={filters.activity ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setFilter('activity', value === ALL ? null : (value as ActivityFilter));
        }}
        w={200}
      />
      {filters.activity === 'inactive' ? (
        <NumberInput
          label="Days"
          min={1}
          max={99999}
          value={filters.inactiveDays ?? DEFAULT_INACTIVE_DAYS}
          onChange={(value) => {
            const days = typeof value === 'number' ? value : Number(value);
            if (Number.isInteger(days) && days >= 1) setInactiveDays(days);
          }}
          w={100}
        />
      ) : null}
      <Stack gap={2}>
        <Input.Label labelElement="div" id={botsLabel}>
          Bots
        </Input.Label>
        <SegmentedControl
          aria-labelledby={botsLabel}
          data={botOptions}
          value={filters.bots ?? ALL}
          onChange={(value) => setFilter('bots', value === ALL ? null : (value as BotFilter))}
        />
      </Stack>
    </Group>
  );
}
