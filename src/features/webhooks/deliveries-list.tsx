import { Badge, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { countOf } from '../../client/count-of';
import { LoadError } from '../../components/load-error';
import type { WebhookDelivery, WebhookRefusal } from '../../shared/bff/webhooks';
import { useDeliveries } from './api/webhooks-api';

function where(delivery: WebhookDelivery): string {
  return delivery.where.type === 'stream'
    ? `#${delivery.where.channel} > ${delivery.where.topic}`
    : `DM with ${delivery.where.recipients.join(', ')}`;
}

/** The endpoint's last deliveries, newest first, refreshed every moment while shown. */
export function DeliveriesList({ endpointId }: { endpointId: string }) {
  const deliveries = useDeliveries(endpointId);
  if (deliveries.isPending) return <Loader size="sm" />;
  if (deliveries.isError)
    return (
      <LoadError title="Cannot load deliveries" error={deliveries.error} onRetry={() => void deliveries.refetch()} />
    );
  const { refused, refusedSince } = deliveries.data;
  return (
    <Stack gap="sm">
      <AcceptedDeliveries deliveries={deliveries.data.deliveries} />
      <RefusedDeliveries refused={refused} since={refusedSince} />
    </Stack>
  );
}

/** Notifications the receiver refused: invisible to the chat server's users, so shown here with the reason. */
function RefusedDeliveries({ refused, since }: { refused: WebhookRefusal[]; since: string }) {
  if (refused.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} c="red">
        Refused: {countOf(refused.length, 'notification', 'notifications')}
      </Text>
      <Text size="xs" c="dimmed">
        The chat server called this endpoint but the console turned it away; nothing of these was kept. Listed since the
        console last started ({new Date(since).toLocaleString()}).
      </Text>
      <Table aria-label="Refused deliveries" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th>Answer</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refused.map((r, i) => (
            <Table.Tr key={`${r.receivedAt}-${i}`}>
              <Table.Td>
                <Text size="sm" title={r.receivedAt}>
                  {new Date(r.receivedAt).toLocaleTimeString()}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color="red">
                  {r.status}
                </Badge>{' '}
                <Text span size="xs" c="dimmed">
                  {REFUSAL_LABELS[r.code] ?? r.code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.reason}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

const REFUSAL_LABELS: Record<string, string> = {
  WEBHOOK_BAD_TOKEN: 'wrong token',
  WEBHOOK_INVALID_PAYLOAD: 'not a notification',
  WEBHOOK_PAYLOAD_TOO_LARGE: 'too large',
};

function AcceptedDeliveries({ deliveries }: { deliveries: WebhookDelivery[] }) {
  if (deliveries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet. They appear here as the chat server sends them.
      </Text>
    );
  return (
    <Table aria-label="Deliveries" verticalSpacing="xs" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Received</Table.Th>
          <Table.Th>Trigger</Table.Th>
          <Table.Th>Sender</Table.Th>
          <Table.Th>Where</Table.Th>
          <Table.Th>Content (Markdown)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.map((d) => (
          <Table.Tr key={d.seq} data-testid="delivery">
            <Table.Td>
              <Text size="sm" title={d.receivedAt}>
                {new Date(d.receivedAt).toLocaleTimeString()}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={d.trigger === 'mention' ? 'blue' : 'grape'}>
                {d.trigger}
              </Badge>
              {d.rawTrigger !== d.trigger && (
                <Text size="xs" c="dimmed">
                  sent as {d.rawTrigger}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{d.sender.fullName}</Text>
              <Text size="xs" c="dimmed">
                {d.sender.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{where(d)}</Text>
            </Table.Td>
            <Table.Td maw={480}>
              <Stack gap={4}>
                <Code block style={{ whiteSpace: 'pre-wrap' }}>
                  {d.data}
                </Code>
                <details>
                  <summary>
                    <Group component="span" gap={4} display="inline-flex">
                      <Text span size="xs">
                        Full JSON
                      </Text>
                    </Group>
                  </summary>
                  <Code block>{JSON.stringify(d.payload, null, 2)}</Code>
                  <Text size="xs" c="dimmed" mt={4}>
                    Answered: {JSON.stringify(d.response)}
                  </Text>
                </details>
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
