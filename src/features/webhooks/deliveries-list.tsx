import { Badge, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { countOf } from '../../client/count-of';
import { CardTable, type CardTableColumn } from '../../components/card-table/card-table';
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
      <CardTable
        label="Refused deliveries"
        rows={refused}
        getRowId={(r) => `${r.receivedAt}-${refused.indexOf(r)}`}
        striped={false}
        columns={REFUSED_COLUMNS}
      />
    </Stack>
  );
}

const REFUSED_COLUMNS: readonly CardTableColumn<WebhookRefusal>[] = [
  {
    id: 'received',
    header: 'Received',
    primary: true,
    cell: (r) => (
      <Text size="sm" title={r.receivedAt}>
        {new Date(r.receivedAt).toLocaleTimeString()}
      </Text>
    ),
  },
  {
    id: 'answer',
    header: 'Answer',
    cell: (r) => (
      <>
        <Badge variant="light" color="red">
          {r.status}
        </Badge>{' '}
        <Text span size="xs" c="dimmed">
          {REFUSAL_LABELS[r.code] ?? r.code}
        </Text>
      </>
    ),
  },
  { id: 'reason', header: 'Reason', cell: (r) => <Text size="sm">{r.reason}</Text> },
];

const REFUSAL_LABELS: Record<string, string> = {
  WEBHOOK_BAD_TOKEN: 'wrong token',
  WEBHOOK_INVALID_PAYLOAD: 'not a notification',
  WEBHOOK_PAYLOAD_TOO_LARGE: 'too large',
};

/** What made the chat server call: in words, not the payload's `direct_message`. */
const TRIGGER_LABELS: Readonly<Record<WebhookDelivery['trigger'], string>> = {
  mention: 'mention',
  direct_message: 'direct message',
};

const DELIVERY_COLUMNS: readonly CardTableColumn<WebhookDelivery>[] = [
  {
    id: 'received',
    header: 'Received',
    primary: true,
    cell: (d) => (
      <Text size="sm" title={d.receivedAt}>
        {new Date(d.receivedAt).toLocaleTimeString()}
      </Text>
    ),
  },
  {
    id: 'trigger',
    header: 'Trigger',
    cell: (d) => (
      <>
        <Badge variant="light" color={d.trigger === 'mention' ? 'blue' : 'grape'}>
          {TRIGGER_LABELS[d.trigger]}
        </Badge>
        {d.rawTrigger !== d.trigger && (
          <Text size="xs" c="dimmed">
            sent under its older name <Code>{d.rawTrigger}</Code>
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'sender',
    header: 'Sender',
    cell: (d) => (
      <>
        <Text size="sm">{d.sender.fullName}</Text>
        <Text size="xs" c="dimmed">
          {d.sender.email}
        </Text>
      </>
    ),
  },
  { id: 'where', header: 'Where', cell: (d) => <Text size="sm">{where(d)}</Text> },
  { id: 'content', header: 'Content (Markdown)', cell: (d) => <DeliveryContent delivery={d} /> },
];

function DeliveryContent({ delivery: d }: { delivery: WebhookDelivery }) {
  return (
    <Stack gap={4} maw={480} miw={0}>
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
  );
}

function AcceptedDeliveries({ deliveries }: { deliveries: WebhookDelivery[] }) {
  if (deliveries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet. They appear here as the chat server sends them.
      </Text>
    );
  return (
    <CardTable
      label="Deliveries"
      rows={deliveries}
      getRowId={(d) => d.seq}
      columns={DELIVERY_COLUMNS}
      rowAttributes={() => ({ 'data-testid': 'delivery' })}
    />
  );
}
