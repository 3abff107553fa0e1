import { Alert, Box, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../client/api-error';
import { sanitizeHtml } from '../../client/sanitize-html';
import { describeGroupSetting } from '../../components/group-setting-picker';
import { CHANNEL_PERMISSION_SETTINGS, type Channel } from '../../shared/svc/channels';
import { CHANNEL_PERMISSION_LABELS } from '../../shared/labels';
import { useChannelFolders } from './api/get-channel-folders';
import { useChannelsRealm } from './api/get-realm-state';
import { useSubscribers } from './api/get-subscribers';
import { subscriberCountSource } from './channel-level-rules';
import { MissingPermissionsNote } from './missing-permissions-note';
import { describeRetention, describeTopicsPolicy } from './describe-settings';
import { useGroupLookup } from './use-group-lookup';

function formatDate(seconds: number | undefined): string {
  return seconds === undefined ? '—' : new Date(seconds * 1000).toLocaleDateString();
}

/** Counted from the subscribers list: the way before the channel record carried the count (level 394). */
function CountedSubscribers({ streamId }: { streamId: number }) {
  const subscribers = useSubscribers(streamId);
  if (subscribers.isPending) return <Loader size="xs" aria-label="Counting subscribers" />;
  if (subscribers.isError) return <Text size="sm">Could not be counted: {errorMessage(subscribers.error)}</Text>;
  return <>{subscribers.data.length.toLocaleString()}</>;
}

/** From the channel record where the server sends it (no request), else the older way, else why not. */
function SubscriberCount({ channel, level }: { channel: Channel; level: number }) {
  const source = subscriberCountSource(channel, level);
  if (source.from === 'record') return <>{source.count.toLocaleString()}</>;
  if (source.from === 'subscribers') return <CountedSubscribers streamId={channel.stream_id} />;
  return (
    <Text size="sm" c="dimmed">
      {source.reason}
    </Text>
  );
}

/** The channel's description and every setting, permissions by the names of who holds them. */
export function ChannelOverview({ channel, level }: { channel: Channel; level: number }) {
  const lookup = useGroupLookup();
  const realm = useChannelsRealm();
  const folders = useChannelFolders();
  const folder = folders.data?.find((f) => f.id === channel.folder_id);
  const creator = channel.creator_id == null ? null : lookup.peopleById.get(channel.creator_id);

  const rows: [string, string][] = [
    ['Created', `${formatDate(channel.date_created)}${creator ? ` by ${creator.full_name}` : ''}`],
    [
      'History for new subscribers',
      channel.history_public_to_subscribers === false ? 'Only messages sent after they join' : 'Full history',
    ],
    ['Message retention', describeRetention(channel.message_retention_days, realm.data)],
    ['Topics', describeTopicsPolicy(channel.topics_policy, realm.data)],
    ['Folder', channel.folder_id == null ? 'None' : (folder?.name ?? `Folder ${channel.folder_id}`)],
  ];

  return (
    <Stack gap="md">
      {channel.rendered_description ? (
        <Box
          fz="sm"
          // Sanitized: rendered_description is server HTML.
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(channel.rendered_description) }}
        />
      ) : (
        <Text size="sm" c={channel.description ? undefined : 'dimmed'}>
          {channel.description || 'No description.'}
        </Text>
      )}
      <Table aria-label="Channel settings" variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="40%">Subscribers</Table.Th>
            <Table.Td>
              <SubscriberCount channel={channel} level={level} />
            </Table.Td>
          </Table.Tr>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={4}>Permissions</Title>
      {lookup.namesError ? (
        <Alert color="yellow" variant="light">
          Group names could not be loaded; permissions are shown by ID.
        </Alert>
      ) : null}
      {lookup.pending ? (
        <Loader size="xs" aria-label="Loading permissions" />
      ) : (
        <Table aria-label="Channel permissions" variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {CHANNEL_PERMISSION_SETTINGS.map((name) => {
              const value = channel[name];
              // One the record does not carry is named in the note below, once for all of them.
              if (value === undefined) return null;
              return (
                <Table.Tr key={name}>
                  <Table.Th w="40%">{CHANNEL_PERMISSION_LABELS[name]}</Table.Th>
                  <Table.Td>{describeGroupSetting(value, lookup.named, lookup.people)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <MissingPermissionsNote level={level} channel={channel} />
    </Stack>
  );
}
