import {
  Button,
  Group,
  Input,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';

import { useFeatureLevel, useRole } from '../../client/use-role';
import type { User } from '../../shared/svc/records';
import { roleLabel, ROLE, type RoleName } from '../../shared/svc/roles';
import { useUsers } from './api/get-users';
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
import { useUsersSearch } from './use-users-search';
import { UsersTable } from './users-table';
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
const botOptions = [
  { value: ALL, label: 'All' },
  { value: 'humans', label: 'Humans' },
  { value: 'bots', label: 'Bots' },
];

/** Support staff and admins: find any user fast, see everything about them, act on them. */
export function UsersPage() {
  const { filters, selectedUserId, setFilter, selectUser } = useUsersSearch();
  const users = useUsers();
  const { user: me } = useRole();
  const featureLevel = useFeatureLevel();
  const [lookUpOpen, setLookUpOpen] = useState(false);

  // Built once per fetched list: sorting and lowercasing 10,000 records is not per-keystroke work.
  const index = useMemo(() => indexUsers(users.data ?? []), [users.data]);
  const usersById = useMemo(() => new Map((users.data ?? []).map((u) => [u.user_id, u] as const)), [users.data]);

  // Filtering follows the input at lower priority, so typing never waits for the table.
  const deferred = useDeferredValue(filters);
  const rows = useMemo(() => filterUsers(index, deferred), [index, deferred]);
  const stale = deferred !== filters;

  const actor = me ? { userId: me.userId, role: me.role } : null;
  const selected = selectedUserId === null ? null : (usersById.get(selectedUserId) ?? null);
  const total = users.data?.length ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Users</Title>
        <Button variant="default" onClick={() => setLookUpOpen(true)}>
          Look up by email
        </Button>
      </Group>

      <UsersFilters filters={filters} setFilter={setFilter} />

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
    </Stack>
  );
}

function UsersFilters({
  filters,
  setFilter,
}: {
  filters: UserFilters;
  setFilter: <K extends keyof UserFilters>(key: K, value: UserFilters[K]) => void;
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
