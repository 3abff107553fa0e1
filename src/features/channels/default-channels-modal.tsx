import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { useRole } from '../../client/use-role';
import { LoadError } from '../../components/load-error';
import { ServerError } from '../../components/server-error';
import type { Channel } from '../../shared/svc/channels';
import { useDefaultChannels, useSetDefaultChannel } from './api/default-channels';
import { organizationAdminAbility } from './permissions';

interface DefaultChannelsModalProps {
  opened: boolean;
  onClose: () => void;
  channels: readonly Channel[];
}

/** The channels every new member is subscribed to: list, add, remove. */
export function DefaultChannelsModal({ opened, onClose, channels }: DefaultChannelsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Default channels for new users"
      size="40rem"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <DefaultChannels channels={channels} />
    </Modal>
  );
}

/** Adding or removing one default channel, with the notice that says what changed. */
function useDefaultChannelChange() {
  const change = useSetDefaultChannel();
  const [adding, setAdding] = useState<string | null>(null);
  const set = (streamId: number, isDefault: boolean, name: string) =>
    change.mutate(
      { streamId, isDefault },
      {
        onSuccess: () => {
          if (isDefault) setAdding(null);
          notify(
            'success',
            'default-channels',
            isDefault ? 'Default channel added' : 'Default channel removed',
            isDefault ? `New users will join ${name}.` : `New users will no longer join ${name}.`,
          );
        },
      },
    );
  return { change, adding, setAdding, set };
}

function DefaultChannels({ channels }: { channels: readonly Channel[] }) {
  const { role } = useRole();
  const ability = organizationAdminAbility(role, 'the default channels');
  const defaults = useDefaultChannels();
  const { change, adding, setAdding, set } = useDefaultChannelChange();
  const byId = new Map(channels.map((c) => [c.stream_id, c]));
  const ids = defaults.data ?? [];
  const listed = ids
    .map((id) => ({ id, name: byId.get(id)?.name ?? null }))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  // Private channels cannot be defaults; archived ones are not offered.
  const candidates = channels
    .filter((c) => !c.invite_only && !c.is_archived && !ids.includes(c.stream_id))
    .map((c) => ({ value: String(c.stream_id), label: `#${c.name}` }))
    .sort((a, b) => a.label.localeCompare(b.label));

  if (defaults.isPending) return <Loader size="xs" aria-label="Loading default channels" />;
  if (defaults.isError) {
    return (
      <LoadError
        title="The default channels could not be loaded"
        error={defaults.error}
        onRetry={() => void defaults.refetch()}
      />
    );
  }
  if (defaults.data === null) {
    return <Text size="sm">This server did not report its default channels.</Text>;
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        People who join the organization are subscribed to these channels. Changing the list does not affect people who
        have already joined.
      </Text>
      {ability.reason ? (
        <Alert role="note" color="gray" variant="light">
          {ability.reason}
        </Alert>
      ) : null}
      <DefaultChannelsList
        listed={listed}
        disabled={!ability.allowed || change.isPending}
        onRemove={(id, label) => set(id, false, label)}
      />
      <Group align="flex-end">
        <Select
          label="Add a default channel"
          placeholder="Choose a public channel"
          data={candidates}
          value={adding}
          onChange={setAdding}
          searchable
          nothingFoundMessage="No matching public channels"
          disabled={!ability.allowed}
          flex={1}
        />
        <Button
          onClick={() => adding && set(Number(adding), true, `#${byId.get(Number(adding))?.name ?? adding}`)}
          disabled={!ability.allowed || adding === null}
          loading={change.isPending}
        >
          Add
        </Button>
      </Group>
      <ServerError error={change.error} title="The default channels were not changed" />
    </Stack>
  );
}

interface DefaultChannelsListProps {
  /** The defaults, sorted; name is null for a channel the list of channels does not hold. */
  listed: readonly { id: number; name: string | null }[];
  disabled: boolean;
  onRemove: (id: number, label: string) => void;
}

/** The current default channels, each with its Remove button (or a note that there are none). */
function DefaultChannelsList({ listed, disabled, onRemove }: DefaultChannelsListProps) {
  if (listed.length === 0) return <Text size="sm">No default channels: new users start with none.</Text>;
  return (
    <Table aria-label="Default channels" withTableBorder>
      <Table.Tbody>
        {listed.map(({ id, name }) => {
          const label = name === null ? `channel ${id}` : `#${name}`;
          return (
            <Table.Tr key={id}>
              <Table.Td>{label}</Table.Td>
              <Table.Td w="8rem" ta="right">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${label} from the default channels`}
                  disabled={disabled}
                  onClick={() => onRemove(id, label)}
                >
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
