import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { ConfirmAction } from '../../components/confirm-action';
import type { Channel } from '../../shared/svc/channels';
import { useArchiveChannel, useUpdateChannel } from './api/update-channel';
import { unarchiveGate } from './channel-settings-form';

interface ArchiveChannelSectionProps {
  channel: Channel;
  level: number;
  locked: string | null;
}

/** Archive (every level) or unarchive (level 388 on), each after a confirmation that says what happens. */
export function ArchiveChannelSection({ channel, level, locked }: ArchiveChannelSectionProps) {
  const [confirming, setConfirming] = useState(false);
  const archive = useArchiveChannel();
  const unarchive = useUpdateChannel();
  const gate = unarchiveGate(level);
  const archived = channel.is_archived === true;
  const mutation = archived ? unarchive : archive;

  const confirm = () => {
    const done = (title: string, message: string) => {
      setConfirming(false);
      notify('success', 'channel-archive', title, message);
    };
    if (archived) {
      unarchive.mutate(
        { stream_id: channel.stream_id, is_archived: false },
        { onSuccess: () => done('Channel unarchived', `#${channel.name} is active again.`) },
      );
    } else {
      archive.mutate(channel.stream_id, {
        onSuccess: () => done('Channel archived', `#${channel.name} was archived.`),
      });
    }
  };

  return (
    <Stack gap="sm" component="section" aria-label={archived ? 'Unarchive' : 'Archive'}>
      <Title order={4}>{archived ? 'Archived channel' : 'Archive'}</Title>
      <Text size="sm" c="dimmed">
        {archived
          ? 'This channel is archived: nobody can post in it.'
          : 'Archiving closes the channel for good or until it is unarchived.'}
      </Text>
      {archived && gate ? (
        <Text size="sm" c="dimmed">
          Unarchiving: {gate}
        </Text>
      ) : null}
      <Group>
        <Button
          color={archived ? undefined : 'red'}
          variant={archived ? 'default' : 'light'}
          onClick={() => {
            mutation.reset();
            setConfirming(true);
          }}
          disabled={locked !== null || (archived && gate !== null)}
        >
          {archived ? 'Unarchive channel' : 'Archive channel'}
        </Button>
      </Group>
      <ConfirmAction
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={archived ? `Unarchive #${channel.name}?` : `Archive #${channel.name}?`}
        confirmLabel={archived ? 'Unarchive' : 'Archive'}
        onConfirm={confirm}
        tone={archived ? 'neutral' : 'danger'}
        focus="first"
        pending={mutation.isPending}
        error={mutation.error}
        errorTitle={archived ? 'The channel was not unarchived' : 'The channel was not archived'}
      >
        <ArchiveConsequences archived={archived} gate={gate} />
      </ConfirmAction>
    </Stack>
  );
}

/** What archiving or unarchiving does, told in the confirmation; warns when this server could not undo an archive. */
function ArchiveConsequences({ archived, gate }: { archived: boolean; gate: string | null }) {
  return (
    <>
      {archived ? (
        <List size="sm">
          <List.Item>People can post in it again, as its permissions allow.</List.Item>
          <List.Item>It shows again in channel lists; its messages were kept all along.</List.Item>
          <List.Item>It does not become a default channel for new users again by itself.</List.Item>
        </List>
      ) : (
        <List size="sm">
          <List.Item>Nobody can post in it any more, administrators included.</List.Item>
          <List.Item>It disappears from its subscribers’ channel lists.</List.Item>
          <List.Item>Its messages are not deleted: archiving deletes nothing.</List.Item>
          <List.Item>It stops being a default channel for new users.</List.Item>
        </List>
      )}
      {!archived && gate ? (
        <Alert role="note" color="yellow" variant="light">
          This server cannot unarchive channels ({gate}), so the console cannot undo this.
        </Alert>
      ) : null}
    </>
  );
}
