import { Button, Group, Stack, Tabs, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { LoadError } from '../../components/load-error';
import { LabelledChoice } from '../../components/labelled-choice';
import { ListStatus } from '../../components/list-status';
import { countOf } from '../../client/count-of';
import { useRole } from '../../client/use-role';
import { ROLE } from '../../shared/svc/roles';
import { CreateGroupModal } from './create-group-modal';
import {
  GROUP_FILTER_LABELS,
  GROUP_FILTERS,
  filterGroups,
  groupRows,
  type GroupFilter,
  type GroupRow,
} from './filter-groups';
import { GroupBadges } from './group-badges';
import { GroupDetailsDrawer } from './group-details';
import { createGroupsAbility, type Ability } from './permissions';
import { useGroupData, type GroupData } from './use-group-data';
import { useUserGroupsSearch, type PageView } from './use-user-groups-search';
import { WhoCanDoWhat } from './who-can-do-what';
import { RoleRefusal } from '../../components/role-refusal';

const filterOptions = GROUP_FILTERS.map((value) => ({ value, label: GROUP_FILTER_LABELS[value] }));

const columns: readonly DataTableColumn<GroupRow>[] = [
  {
    id: 'name',
    header: 'Group',
    width: 'minmax(14rem, 2fr)',
    cell: (row) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} truncate>
          {row.displayName}
        </Text>
        <GroupBadges group={row.group} />
      </Group>
    ),
  },
  {
    id: 'direct',
    header: 'Direct members',
    width: '8rem',
    align: 'end',
    cell: (row) => row.directCount.toLocaleString(),
  },
  {
    id: 'total',
    header: 'With subgroups',
    width: '8rem',
    align: 'end',
    cell: (row) => row.totalCount.toLocaleString(),
  },
  {
    id: 'description',
    header: 'Description',
    width: 'minmax(14rem, 3fr)',
    cell: (row) => (
      <Text size="sm" c="dimmed" truncate>
        {row.group.description}
      </Text>
    ),
  },
];

/** Organization admins and members: user groups, their members, subgroups and permissions, and who can do what. */
export function UserGroupsPage() {
  const { role } = useRole();
  // The chat server refuses guests every user-group read ("Not allowed for guest users"): say so, once.
  if (role === ROLE.guest) {
    return (
      <RoleRefusal title="User groups" reason="Not available to guests">
        The chat server shows user groups to members of the organization only, not to guests.
      </RoleRefusal>
    );
  }
  return <UserGroupsDirectory />;
}

function UserGroupsDirectory() {
  const search = useUserGroupsSearch();
  const data = useGroupData();
  const { groupsQuery, personById } = data;
  const [creating, setCreating] = useState(false);

  const rows = useMemo(
    () => groupRows(data.groups, (id) => personById.get(id)?.is_active ?? true),
    [data.groups, personById],
  );
  const query = useDeferredValue(search.q);
  const shown = useMemo(() => filterGroups(rows, search.filter, query), [rows, search.filter, query]);
  const selected = data.groupById.get(search.selectedId ?? -1) ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>User groups</Title>
        <CreateGroupButton create={createGroupsAbility(data.ctx)} onCreate={() => setCreating(true)} />
      </Group>

      <Tabs value={search.view} onChange={(v) => v && search.setView(v as PageView)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="groups">Groups</Tabs.Tab>
          <Tabs.Tab value="access">Who can do what</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="groups" pt="md">
          <GroupsTab search={search} groupsQuery={groupsQuery} shown={shown} />
        </Tabs.Panel>

        <Tabs.Panel value="access" pt="md">
          <WhoCanDoWhat
            data={data}
            userId={search.userId}
            onUser={search.setUser}
            permission={search.permission}
            onPermission={search.setPermission}
          />
        </Tabs.Panel>
      </Tabs>

      <GroupDetailsDrawer
        groupId={search.selectedId}
        group={selected}
        loading={groupsQuery.isPending}
        tab={search.tab}
        onTab={search.setTab}
        onClose={() => search.select(null)}
        data={data}
      />
      <CreateGroupModal
        opened={creating}
        onClose={() => setCreating(false)}
        data={data}
        onCreated={(id) => {
          setCreating(false);
          if (id !== null) search.select(id);
        }}
      />
    </Stack>
  );
}

/** The button that opens the create dialog, disabled with the reason in a tooltip when the viewer may not. */
function CreateGroupButton({ create, onCreate }: { create: Ability; onCreate: () => void }) {
  return (
    <Tooltip label={create.reason} disabled={create.allowed} withinPortal>
      {/* A span keeps the tooltip working on a disabled button. */}
      <span>
        <Button onClick={onCreate} disabled={!create.allowed}>
          Create group
        </Button>
      </span>
    </Tooltip>
  );
}

/** The Groups tab: search and filter, the count, and the table of groups (selecting one opens its details). */
function GroupsTab({
  search,
  groupsQuery,
  shown,
}: {
  search: ReturnType<typeof useUserGroupsSearch>;
  groupsQuery: GroupData['groupsQuery'];
  shown: readonly GroupRow[];
}) {
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search groups"
          placeholder="Name or description"
          value={search.q}
          onChange={(e) => search.setQuery(e.currentTarget.value)}
          w={260}
        />
        <LabelledChoice<GroupFilter>
          label="Show"
          data={filterOptions}
          value={search.filter}
          onChange={search.setFilter}
        />
      </Group>

      <ListStatus updating={groupsQuery.isFetching && !groupsQuery.isPending}>
        {groupsQuery.isPending ? 'Loading groups…' : countOf(shown.length, 'group', 'groups')}
      </ListStatus>

      {groupsQuery.isError ? (
        <LoadError
          title="User groups could not be loaded"
          error={groupsQuery.error}
          onRetry={() => void groupsQuery.refetch()}
        />
      ) : (
        <DataTable
          label="User groups"
          rows={shown}
          columns={columns}
          getRowId={(r) => r.group.id}
          selectedId={search.selectedId}
          onSelect={(r) => search.select(r.group.id)}
          height="min(60vh, 640px)"
          minWidth={720}
          empty={groupsQuery.isPending ? 'Loading groups…' : 'No groups match.'}
        />
      )}
    </Stack>
  );
}
