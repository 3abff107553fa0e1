import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { notify } from '../../client/notify';
import { MembershipPanel } from '../../components/membership-panel';
import { ServerError } from '../../components/server-error';
import type { UserGroup } from '../../shared/svc/user-groups';
import { useUpdateUserGroupSubgroups } from './api/update-user-group-subgroups';
import { GroupBadges } from './group-badges';
import { addMembersAbility, removeSubgroupsAbility } from './permissions';
import { subgroupCandidates, type SubgroupCandidate } from './subgroup-options';
import type { GroupData } from './use-group-data';

/**
 * Direct subgroups (add and remove) and the groups this one is a subgroup of. Groups that would form a
 * cycle are not offered, and the panel says why.
 */
export function SubgroupsPanel({ group, data }: { group: UserGroup; data: GroupData }) {
  const mutation = useUpdateUserGroupSubgroups();
  const canAdd = addMembersAbility(data.ctx, group);
  const canRemove = removeSubgroupsAbility(data.ctx, group);
  const candidates = useMemo(() => subgroupCandidates(group.id, data.groups), [group.id, data.groups]);
  const options = candidates
    .filter((c) => c.reason === null)
    .map((c) => ({ value: String(c.group.id), label: data.groupName(c.group.id) }));
  // Only the refusals worth explaining: a group already listed below is obvious.
  const notOffered = candidates.filter((c) => c.reason !== null && c.reason !== 'Already a subgroup.');
  const parents = data.groups.filter((g) => g.direct_subgroup_ids.includes(group.id));

  const remove = (id: number) =>
    mutation.mutate(
      { user_group_id: group.id, delete: [id] },
      {
        onSuccess: () => notify('success', 'group-subgroups', 'Subgroup removed', `${data.groupName(id)} was removed.`),
      },
    );
  const add = (ids: number[], done: () => void) =>
    mutation.mutate(
      { user_group_id: group.id, add: ids },
      {
        onSuccess: () => {
          notify('success', 'group-subgroups', 'Subgroups added', `${ids.length} added to ${group.name}.`);
          done();
        },
      },
    );

  return (
    <Stack gap="lg">
      <DirectSubgroups
        group={group}
        data={data}
        canRemove={canRemove.allowed}
        pending={mutation.isPending}
        onRemove={remove}
      />

      {group.is_system_group ? null : (
        <MembershipPanel
          label="Add subgroups"
          placeholder="Search groups"
          candidates={options}
          submitLabel="Add"
          pending={mutation.isPending}
          allowed={canAdd.allowed}
          description={canAdd.reason}
          nothingFoundMessage="No matching groups"
          onAdd={add}
        >
          {notOffered.length > 0 ? <NotOffered groupId={group.id} notOffered={notOffered} /> : null}
        </MembershipPanel>
      )}
      <ServerError error={mutation.error} title="Subgroups were not changed" />

      <ParentGroups parents={parents} data={data} />
    </Stack>
  );
}

/** The group's direct subgroups, each with a button that removes it (not for system groups). */
function DirectSubgroups({
  group,
  data,
  canRemove,
  pending,
  onRemove,
}: {
  group: UserGroup;
  data: GroupData;
  canRemove: boolean;
  pending: boolean;
  onRemove: (id: number) => void;
}) {
  return (
    <Stack gap="xs">
      <Title order={4}>Subgroups</Title>
      <Text size="sm" c="dimmed">
        Members of a subgroup are members of this group too.
      </Text>
      {group.direct_subgroup_ids.length === 0 ? (
        <Text size="sm">No subgroups.</Text>
      ) : (
        <List aria-label="Subgroups" listStyleType="none" spacing={4}>
          {group.direct_subgroup_ids.map((id) => {
            const sub = data.groupById.get(id);
            return (
              <List.Item key={id}>
                <Group gap="xs">
                  <Text size="sm">{data.groupName(id)}</Text>
                  {sub ? <GroupBadges group={sub} /> : null}
                  {group.is_system_group ? null : (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      disabled={!canRemove || pending}
                      aria-label={`Remove subgroup ${data.groupName(id)}`}
                      onClick={() => onRemove(id)}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}

/** Why the groups left out of the add picker are not offered. */
function NotOffered({ groupId, notOffered }: { groupId: number; notOffered: readonly SubgroupCandidate[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`not-offered-${groupId}`}>
        Not offered
      </Text>
      <List size="sm" aria-labelledby={`not-offered-${groupId}`}>
        {notOffered.map((c) => (
          <List.Item key={c.group.id}>{c.reason}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The groups this one is a direct subgroup of. */
function ParentGroups({ parents, data }: { parents: readonly UserGroup[]; data: GroupData }) {
  return (
    <Stack gap="xs">
      <Title order={4}>Subgroup of</Title>
      {parents.length === 0 ? (
        <Text size="sm">This group is not a subgroup of any other group.</Text>
      ) : (
        <List aria-label="Subgroup of" size="sm">
          {parents.map((p) => (
            <List.Item key={p.id}>{data.groupName(p.id)}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
