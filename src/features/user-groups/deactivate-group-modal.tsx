import { Alert, List, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { ConfirmAction } from '../../components/confirm-action';
import { useRole } from '../../client/use-role';
import type { UserGroup } from '../../shared/svc/user-groups';
import { useGroupChannels } from './api/get-channels';
import { useDeactivateUserGroup } from './api/deactivate-user-group';
import { describeObjection, objectionsOf } from './objections';
import type { GroupData } from './use-group-data';

interface DeactivateGroupModalProps {
  group: UserGroup | null;
  onClose: () => void;
  data: GroupData;
}

/** Confirms deactivation; a refusal lists where the group is still used, in the server's terms. */
export function DeactivateGroupModal({ group, onClose, data }: DeactivateGroupModalProps) {
  const deactivate = useDeactivateUserGroup();
  const { isAdmin } = useRole();
  const objections = objectionsOf(deactivate.error);
  // Channel names only matter for a refusal that names channels.
  const channels = useGroupChannels(isAdmin && objections.some((o) => o.type === 'channel'));
  const channelName = (id: number) => {
    const found = channels.data?.find((c) => c.stream_id === id);
    return found ? `#${found.name}` : `#${id}`;
  };
  const close = () => {
    deactivate.reset();
    onClose();
  };
  const name = group ? data.groupName(group.id) : '';

  return (
    <ConfirmAction
      opened={group !== null}
      onClose={close}
      title={`Deactivate ${name}?`}
      confirmLabel="Deactivate group"
      focus="first"
      pending={deactivate.isPending}
      onConfirm={() => {
        if (!group) return;
        deactivate.mutate(group.id, {
          onSuccess: () => {
            notify('success', 'group-status', 'Group deactivated', `${name} was deactivated.`);
            close();
          },
        });
      }}
    >
      <Text size="sm">
        Once deactivated, {name} can no longer be mentioned or used in permissions. Its members and settings are kept,
        and it can be reactivated later.
      </Text>
      {/* The refusal says where the group is still used, so it is not the plain server error. */}
      {deactivate.error ? (
        <Alert color="red" variant="light" title="The group was not deactivated">
          <Stack gap="xs">
            <Text size="sm">{errorMessage(deactivate.error)}</Text>
            {objections.length > 0 ? (
              <>
                <Text size="sm">It is still used here:</Text>
                <List size="sm" aria-label="Where the group is used">
                  {objections.map((o, i) => (
                    <List.Item key={i}>
                      {describeObjection(o, { group: data.groupName, channel: channelName })}
                    </List.Item>
                  ))}
                </List>
              </>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
    </ConfirmAction>
  );
}
