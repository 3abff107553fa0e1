import { Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { notify } from '../../client/notify';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { LoadError } from '../../components/load-error';
import type { BulkActionKind, BulkRun } from '../../shared/bff/bulk';
import type { User } from '../../shared/svc/records';
import { useRealmPresence } from './api/get-presence';
import { userStatusQueryOptions } from './api/get-user-status';
import { useUsers } from './api/get-users';
import { DEFAULT_INACTIVE_DAYS, lastActiveOf } from './activity';
import { BulkActionModal } from './bulk/bulk-action-modal';
import { BulkBar } from './bulk/bulk-bar';
import { RunPanel } from './bulk/run-panel';
import { clear, clickRow, emptySelection, selectAll, selectedAmong, type Selection } from './bulk/selection';
import { filterUsers, hasActiveFilters, indexUsers, type UserFilters } from './filter-users';
import { formatCount, formatUserCount } from './format';
import { LookUpByEmailModal } from './look-up-by-email-modal';
import { CreateUserModal } from './create-user-modal';
import { UserDetailsDrawer } from './user-details';
import { canReadStatus } from './permissions';
import { useUsersSearch } from './use-users-search';
import { SearchBox, UsersFilters } from './users-filters';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { UsersHeader } from './users-header';
import classes from './users-page.module.css';
import { UsersTable, type TableSelection } from './users-table';
import { whenIdle } from './when-idle';

const NO_IDS: readonly number[] = [];

/** The IDs in the order shown, for range clicks and "select all": built when used, not on every keystroke. */
const idsOf = (users: readonly User[]) => users.map((u) => u.user_id);

/** The list, filtered by the view (at lower priority than typing), with presence for the "Last active" column. */
function useUsersList(filters: UserFilters) {
  const users = useUsers();
  // Presence is asked for once the list is in: on load both would compete for the same server and the same
  // main thread, and only the "Last active" column and filter need it.
  const presence = useRealmPresence(users.data !== undefined);
  // Built once per fetched list: sorting 10,000 records is not per-keystroke work.
  const index = useMemo(() => indexUsers(users.data ?? []), [users.data]);
  // The search texts are built while the page is idle after the list arrived, ready for the first keystroke.
  useEffect(() => whenIdle(() => index.haystacks()), [index]);
  const findUser = useCallback((id: number) => index.byId().get(id), [index]);
  const presenceData = presence.data ?? null;
  const lastActive = useCallback((user: User) => lastActiveOf(user, presenceData?.byEmail ?? null), [presenceData]);
  const activity = useMemo(
    () => (presenceData ? { lastActive, nowSeconds: presenceData.nowSeconds } : null),
    [presenceData, lastActive],
  );
  // Filtering follows the input at lower priority, so typing never waits for the table.
  const deferred = useDeferredValue(filters);
  const rows = useMemo(() => filterUsers(index, deferred, activity), [index, deferred, activity]);
  return { users, presenceData, findUser, lastActive, deferred, rows, stale: deferred !== filters };
}

/** The rows picked for a bulk action (administrators only), kept to the users still in the list. */
function useBulkSelection(rows: readonly User[], findUser: (id: number) => User | undefined, isAdmin: boolean) {
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const tableSelection = useMemo<TableSelection | undefined>(
    () =>
      isAdmin
        ? {
            isSelected: (id) => selection.ids.has(id),
            onToggle: (user, shiftKey) =>
              setSelection((current) => clickRow(current, idsOf(rows), user.user_id, shiftKey)),
          }
        : undefined,
    [isAdmin, selection, rows],
  );
  // A user who disappeared from the list is no longer part of the selection.
  const selectedIds = useMemo(
    () => (selection.ids.size === 0 ? NO_IDS : [...selection.ids].filter((id) => findUser(id) !== undefined)),
    [selection, findUser],
  );
  const allMatchingSelected =
    rows.length > 0 && selection.ids.size >= rows.length && selectedAmong(selection, idsOf(rows)) === rows.length;
  const onSelectAll = useCallback(() => setSelection((current) => selectAll(current, idsOf(rows))), [rows]);
  const onClearSelection = useCallback(() => setSelection(clear()), []);
  return { tableSelection, selectedIds, allMatchingSelected, onSelectAll, onClearSelection };
}

/** The bulk action being set up, and the run it starts (shown in the run panel, `?run=`). */
function useBulkAction(setRunId: (id: string | null) => void, clearSelection: () => void) {
  const [action, setAction] = useState<BulkActionKind | null>(null);
  const onCloseAction = useCallback(() => setAction(null), []);
  const onStarted = useCallback(
    (run: BulkRun) => {
      setAction(null);
      clearSelection();
      setRunId(run.id);
    },
    [setRunId, clearSelection],
  );
  const onCloseRun = useCallback(() => setRunId(null), [setRunId]);
  return { action, setAction, onCloseAction, onStarted, onCloseRun };
}

/** Opening a user (a row, a press, a lookup by email), copying the view's link, and the two dialogs' state. */
function useUserOpeners(selectUser: (id: number | null) => void, viewLink: () => string, statusReadable: boolean) {
  const [lookUpOpen, setLookUpOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const queryClient = useQueryClient();
  return {
    lookUpOpen,
    createOpen,
    onOpenCreate: useCallback(() => setCreateOpen(true), []),
    onCloseCreate: useCallback(() => setCreateOpen(false), []),
    onOpenLookUp: useCallback(() => setLookUpOpen(true), []),
    onCloseLookUp: useCallback(() => setLookUpOpen(false), []),
    onFound: useCallback(
      (user: User) => {
        setLookUpOpen(false);
        selectUser(user.user_id);
      },
      [selectUser],
    ),
    onSelectRow: useCallback((user: User) => selectUser(user.user_id), [selectUser]),
    // What the details show beyond the list (the user's status) is asked for on the press, before the click.
    onPressRow: useCallback(
      (user: User) => {
        if (statusReadable) void queryClient.prefetchQuery(userStatusQueryOptions(user.user_id));
      },
      [queryClient, statusReadable],
    ),
    onCloseDetails: useCallback(() => selectUser(null), [selectUser]),
    onCopyLink: useCallback(() => {
      void navigator.clipboard
        ?.writeText(viewLink())
        .then(() =>
          notify('info', 'users-view-link', 'Link copied', 'This view (filters and columns) is in the link.'),
        );
    }, [viewLink]),
  };
}

/** The search box and the filters that fold away on a phone. */
function UsersFilterBar({ search }: { search: ReturnType<typeof useUsersSearch> }) {
  const { filters, setFilter, setInactiveDays } = search;
  return (
    <div className={classes.filters}>
      <SearchBox value={filters.q} setFilter={setFilter} />
      <CollapsibleFilters
        active={[filters.role, filters.status, filters.bots, filters.activity].filter((f) => f != null).length}
      >
        <UsersFilters
          role={filters.role}
          status={filters.status}
          bots={filters.bots}
          activity={filters.activity ?? null}
          inactiveDays={filters.inactiveDays ?? DEFAULT_INACTIVE_DAYS}
          setFilter={setFilter}
          setInactiveDays={setInactiveDays}
        />
      </CollapsibleFilters>
    </div>
  );
}

/** How many match (of how many), and whether the table is catching up. */
function UsersStatusLine({ list }: { list: ReturnType<typeof useUsersList> }) {
  const { users, rows, deferred, stale } = list;
  return (
    <div className={classes.statusLine}>
      <p className={classes.status} role="status" aria-live="polite">
        {users.isPending ? 'Loading users…' : formatUserCount(rows.length)}
        {!users.isPending && hasActiveFilters(deferred) ? (
          <span className={classes.dimmed}> of {formatCount(users.data?.length ?? 0)}</span>
        ) : null}
      </p>
      {stale || users.isFetching ? <Loader size="xs" aria-label="Updating" /> : null}
    </div>
  );
}

/** Support staff and admins: find any user fast, see everything about them, act on them. */
export function UsersPage() {
  const search = useUsersSearch();
  const { columns, selectedUserId, runId, setColumns, selectUser, setRunId, viewLink } = search;
  const list = useUsersList(search.filters);
  const { users, presenceData, findUser, lastActive, rows, stale } = list;
  const { user: me, isAdmin, isOwner } = useRole();
  const featureLevel = useFeatureLevel();
  const bulk = useBulkSelection(rows, findUser, isAdmin);
  const bulkAction = useBulkAction(setRunId, bulk.onClearSelection);
  const open = useUserOpeners(selectUser, viewLink, canReadStatus(featureLevel));
  const actor = useMemo(() => (me ? { userId: me.userId, role: me.role } : null), [me]);
  const selected = selectedUserId === null ? null : (findUser(selectedUserId) ?? null);

  // Plain elements for the page's own layout (styled like Stack and Group): this component re-renders on
  // every keystroke, and everything it renders directly is part of that cost.
  return (
    <div className={classes.page}>
      <UsersHeader
        columns={columns}
        setColumns={setColumns}
        onCopyLink={open.onCopyLink}
        onLookUp={open.onOpenLookUp}
        onCreateUser={isAdmin ? open.onOpenCreate : undefined}
      />
      <UsersFilterBar search={search} />
      {isAdmin && runId ? <RunPanel runId={runId} onClose={bulkAction.onCloseRun} onOpenRun={setRunId} /> : null}
      {isAdmin ? (
        <BulkBar
          selected={bulk.selectedIds.length}
          matching={rows.length}
          allMatchingSelected={bulk.allMatchingSelected}
          onSelectAll={bulk.onSelectAll}
          onClear={bulk.onClearSelection}
          onAction={bulkAction.setAction}
        />
      ) : null}
      <UsersStatusLine list={list} />
      {users.isError ? (
        <LoadError title="Users could not be loaded" error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <div className={classes.results} data-stale={stale || undefined}>
          <UsersTable
            users={rows}
            selectedId={selectedUserId}
            onSelect={open.onSelectRow}
            onPress={open.onPressRow}
            empty={users.isPending ? 'Loading users…' : 'No users match these filters.'}
            columns={columns}
            {...(presenceData ? { lastActive, nowSeconds: presenceData.nowSeconds } : {})}
            {...(bulk.tableSelection ? { selection: bulk.tableSelection } : {})}
          />
        </div>
      )}
      <UserDetailsDrawer
        userId={selectedUserId}
        user={selected}
        // Only read while a user is open: a constant otherwise, so the closed drawer skips the list's renders.
        loading={selectedUserId !== null && users.isPending}
        findUser={findUser}
        actor={actor}
        featureLevel={featureLevel}
        onClose={open.onCloseDetails}
      />
      <LookUpByEmailModal opened={open.lookUpOpen} onClose={open.onCloseLookUp} onFound={open.onFound} />
      {isAdmin ? <CreateUserModal opened={open.createOpen} onClose={open.onCloseCreate} /> : null}
      <BulkActionModal
        kind={bulkAction.action}
        userIds={bulk.selectedIds}
        isOwner={isOwner}
        onClose={bulkAction.onCloseAction}
        onStarted={bulkAction.onStarted}
      />
    </div>
  );
}
