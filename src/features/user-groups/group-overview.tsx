import { Alert, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { ServerError } from '../../components/server-error';
import { userGroupNameProblem, type UserGroup } from '../../shared/svc/user-groups';
import { useUpdateUserGroup } from './api/update-user-group';
import { DeactivateGroupModal } from './deactivate-group-modal';
import { deactivateAbility, manageAbility, reactivateAbility, type Ability } from './permissions';
import type { GroupData } from './use-group-data';

/** Name and description (editable by managers), who made it, where it sits, and (de)activation. */
export function GroupOverview({ group, data }: { group: UserGroup; data: GroupData }) {
  const manage = manageAbility(data.ctx, group);
  const parents = data.groups.filter((g) => g.direct_subgroup_ids.includes(group.id));
  const [deactivating, setDeactivating] = useState(false);
  const reactivate = useUpdateUserGroup();
  const canDeactivate = deactivateAbility(data.ctx, group);
  const canReactivate = reactivateAbility(data.ctx, group);

  return (
    <Stack gap="lg">
      {group.is_system_group ? (
        <Alert color="blue" variant="light" title="System group">
          Its members follow people’s roles, and the server does not allow editing it.
        </Alert>
      ) : null}
      {group.deactivated ? (
        <Alert color="gray" variant="light" title="Deactivated">
          This group can no longer be mentioned or used in permissions.
        </Alert>
      ) : null}

      <GroupFacts group={group} parents={parents} data={data} />

      {manage.allowed ? (
        <NameForm group={group} />
      ) : (
        <Stack gap={4}>
          <Text size="sm">{group.description || 'No description.'}</Text>
          <Text size="xs" c="dimmed">
            {manage.reason}
          </Text>
        </Stack>
      )}

      {!group.is_system_group ? (
        <GroupStatus
          deactivated={group.deactivated}
          canReactivate={canReactivate}
          canDeactivate={canDeactivate}
          reactivating={reactivate.isPending}
          reactivateError={reactivate.error}
          onReactivate={() =>
            reactivate.mutate(
              { user_group_id: group.id, deactivated: false },
              {
                onSuccess: () =>
                  notify('success', 'group-status', 'Group reactivated', `${group.name} is active again.`),
              },
            )
          }
          onDeactivate={() => setDeactivating(true)}
        />
      ) : null}
      <DeactivateGroupModal group={deactivating ? group : null} onClose={() => setDeactivating(false)} data={data} />
    </Stack>
  );
}

/** When and by whom the group was created, and which groups it is a direct subgroup of. */
function GroupFacts({ group, parents, data }: { group: UserGroup; parents: readonly UserGroup[]; data: GroupData }) {
  return (
    <dl style={{ margin: 0 }}>
      <Text component="dt" size="sm" fw={500}>
        Created
      </Text>
      <Text component="dd" size="sm" ml={0} mb="xs">
        {group.date_created ? new Date(group.date_created * 1000).toLocaleDateString() : 'Unknown'}
        {group.creator_id ? ` by ${data.personName(group.creator_id)}` : ''}
      </Text>
      <Text component="dt" size="sm" fw={500}>
        Subgroup of
      </Text>
      <Text component="dd" size="sm" ml={0}>
        {parents.length === 0 ? 'No other group' : parents.map((p) => data.groupName(p.id)).join(', ')}
      </Text>
    </dl>
  );
}

/** Whether the group is active, with the button that reactivates or deactivates it and why it may not. */
function GroupStatus({
  deactivated,
  canReactivate,
  canDeactivate,
  reactivating,
  reactivateError,
  onReactivate,
  onDeactivate,
}: {
  deactivated: UserGroup['deactivated'];
  canReactivate: Ability;
  canDeactivate: Ability;
  reactivating: boolean;
  reactivateError: unknown;
  onReactivate: () => void;
  onDeactivate: () => void;
}) {
  return (
    <Stack gap="xs">
      <Title order={4}>Status</Title>
      {deactivated ? (
        <>
          <Text size="sm" c="dimmed">
            Reactivating lets people mention it and use it in permissions again.
          </Text>
          <Group>
            <Button variant="light" disabled={!canReactivate.allowed} loading={reactivating} onClick={onReactivate}>
              Reactivate
            </Button>
          </Group>
          {canReactivate.reason ? (
            <Text size="xs" c="dimmed">
              {canReactivate.reason}
            </Text>
          ) : null}
          <ServerError error={reactivateError} title="The group was not reactivated" />
        </>
      ) : (
        <>
          <Group>
            <Button color="red" variant="light" disabled={!canDeactivate.allowed} onClick={onDeactivate}>
              Deactivate
            </Button>
          </Group>
          {canDeactivate.reason ? (
            <Text size="xs" c="dimmed">
              {canDeactivate.reason}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** Name and description; the input stays as typed when the server refuses. */
function NameForm({ group }: { group: UserGroup }) {
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description);
  const update = useUpdateUserGroup();
  const problem = name === group.name ? null : userGroupNameProblem(name);
  const changed = name !== group.name || description !== group.description;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (problem || !changed) return;
        update.mutate(
          {
            user_group_id: group.id,
            ...(name !== group.name ? { name } : {}),
            ...(description !== group.description ? { description } : {}),
          },
          { onSuccess: () => notify('success', 'group-name', 'Group saved', `${name} was saved.`) },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problem}
          required
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <ServerError error={update.error} title="The group was not saved" />
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed || problem !== null} loading={update.isPending}>
            Save name and description
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
