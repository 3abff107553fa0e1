import { Button, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { notify } from '../../client/notify';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { MembershipPanel } from '../../components/membership-panel';
import { ServerError } from '../../components/server-error';
import { groupSettingUserIds } from '../../shared/svc/group-settings';
import type { UserGroup } from '../../shared/svc/user-groups';
import { useUpdateUserGroupMembers } from './api/update-user-group-members';
import type { Person } from '../../client/people';
import { addMembersAbility, removeMembersAbility } from './permissions';
import type { GroupData } from './use-group-data';

interface MemberRow {
  id: number;
  person: Person | undefined;
}

function memberColumns(
  personName: GroupData['personName'],
  removeLocked: boolean,
  onRemove: (id: number) => void,
): DataTableColumn<MemberRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(10rem, 2fr)',
      cell: (r) => (
        <Text size="sm" truncate>
          {personName(r.id)}
          {r.person?.is_active === false ? ' (deactivated)' : ''}
        </Text>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      width: 'minmax(10rem, 2fr)',
      cell: (r) => (
        <Text size="sm" c="dimmed" truncate>
          {r.person?.email ?? ''}
        </Text>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      width: '7rem',
      align: 'end',
      cell: (r) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          disabled={removeLocked}
          aria-label={`Remove ${personName(r.id)}`}
          onClick={() => onRemove(r.id)}
        >
          Remove
        </Button>
      ),
    },
  ];
}

/** Direct members, with add and remove; counts through subgroups too. */
export function MembersPanel({ group, data }: { group: UserGroup; data: GroupData }) {
  const mutation = useUpdateUserGroupMembers();
  const canAdd = addMembersAbility(data.ctx, group);
  const canRemove = removeMembersAbility(data.ctx, group);

  const rows = useMemo(
    (): MemberRow[] =>
      group.members
        .map((id) => ({ id, person: data.personById.get(id) }))
        .sort((a, b) => (a.person?.full_name ?? '').localeCompare(b.person?.full_name ?? '')),
    [group.members, data.personById],
  );
  const total = useMemo(
    () =>
      [...groupSettingUserIds(group.id, data.membership)].filter((id) => data.personById.get(id)?.is_active ?? true)
        .length,
    [group.id, data.membership, data.personById],
  );
  const remove = (id: number) =>
    mutation.mutate(
      { user_group_id: group.id, delete: [id] },
      { onSuccess: () => notify('success', 'group-members', 'Member removed', `${data.personName(id)} was removed.`) },
    );

  return (
    <Stack gap="md">
      <Text size="sm" role="status">
        {`${group.members.length.toLocaleString()} direct ${group.members.length === 1 ? 'member' : 'members'}; ${total.toLocaleString()} including subgroups`}
      </Text>
      {group.is_system_group ? (
        <Text size="sm" c="dimmed">
          System groups’ members follow people’s roles.
        </Text>
      ) : (
        <AddMembers group={group} data={data} mutation={mutation} canAdd={canAdd} />
      )}
      {canRemove.reason && !group.is_system_group && canAdd.allowed ? (
        <Text size="xs" c="dimmed">
          {canRemove.reason}
        </Text>
      ) : null}
      <ServerError error={mutation.error} title="Membership was not changed" />
      <DataTable
        label="Direct members"
        rows={rows}
        columns={memberColumns(data.personName, !canRemove.allowed || mutation.isPending, remove)}
        getRowId={(r) => r.id}
        height="min(50vh, 420px)"
        minWidth={480}
        empty="No direct members."
      />
    </Stack>
  );
}

interface AddMembersProps {
  group: UserGroup;
  data: GroupData;
  mutation: ReturnType<typeof useUpdateUserGroupMembers>;
  canAdd: ReturnType<typeof addMembersAbility>;
}

/** Everyone active who is not a direct member yet. */
function AddMembers({ group, data, mutation, canAdd }: AddMembersProps) {
  const options = useMemo(() => {
    const current = new Set(group.members);
    return data.people
      .filter((p) => p.is_active && !current.has(p.user_id))
      .map((p) => ({ value: String(p.user_id), label: p.email ? `${p.full_name} (${p.email})` : p.full_name }));
  }, [data.people, group.members]);
  return (
    <MembershipPanel
      label="Add members"
      placeholder="Search people"
      candidates={options}
      submitLabel="Add"
      pending={mutation.isPending}
      allowed={canAdd.allowed}
      description={canAdd.reason}
      nothingFoundMessage="No matching people"
      limit={50}
      onAdd={(ids, done) =>
        mutation.mutate(
          { user_group_id: group.id, add: ids },
          {
            onSuccess: () => {
              notify('success', 'group-members', 'Members added', `${ids.length} added to ${group.name}.`);
              done();
            },
          },
        )
      }
    />
  );
}
