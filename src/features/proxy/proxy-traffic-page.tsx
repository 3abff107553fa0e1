import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LabelledChoice } from '../../components/labelled-choice';
import { ListStatus } from '../../components/list-status';
import { countOf } from '../../client/count-of';
import { useSearchParamsWriter } from '../../client/use-search-params-writer';
import { DEFAULT_WINDOW_MINUTES } from '../../shared/proxy';
import { isNotConfigured } from './api/get-overview';
import { useProxyTraffic } from './api/get-traffic';
import { AdminsOnly, isKeyRefusal, MissingScope, NotConfigured } from './area-states';

const TITLE = 'Proxy traffic';
const WINDOWS = [
  { value: '15', label: '15 min' },
  { value: '60', label: '1 hour' },
  { value: '360', label: '6 hours' },
  { value: '1440', label: '24 hours' },
] as const;
type WindowValue = (typeof WINDOWS)[number]['value'];

function isWindow(value: string | null): value is WindowValue {
  return WINDOWS.some((w) => w.value === value);
}

const number = new Intl.NumberFormat();

function figure(value: number | null | undefined, unit = ''): string {
  return value === null || value === undefined ? '—' : `${number.format(value)}${unit}`;
}

/** Per-route traffic as the proxy counted it (`publicApi.analytics`, scope analytics:read), over a chosen window. */
export function ProxyTrafficPage() {
  return (
    <AdminsOnly title={TITLE}>
      <TrafficArea />
    </AdminsOnly>
  );
}

function TrafficArea() {
  const [params] = useSearchParams();
  const write = useSearchParamsWriter();
  const raw = params.get('window');
  const windowValue: WindowValue = isWindow(raw) ? raw : (String(DEFAULT_WINDOW_MINUTES) as WindowValue);
  const query = useProxyTraffic(Number(windowValue));
  if (isNotConfigured(query.error)) return <NotConfigured title={TITLE} />;
  const traffic = query.data?.traffic ?? null;
  const routes = query.data?.routes;
  const routeOf = new Map((routes?.ok ? routes.data : []).map((r) => [r.id, r]));
  const rows = traffic?.ok ? [...traffic.data].sort((a, b) => (b.requests ?? 0) - (a.requests ?? 0)) : [];
  return (
    <Stack gap="md">
      <Title order={2}>{TITLE}</Title>
      <Group align="flex-end" gap="md">
        <LabelledChoice<WindowValue>
          label="Window"
          data={WINDOWS}
          value={windowValue}
          onChange={(value) => write({ window: value === String(DEFAULT_WINDOW_MINUTES) ? null : value })}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Counted by the proxy, not the dashboard: a route the dashboard shows as disabled still gets requests while the
        proxy keeps serving it.
      </Text>
      <ListStatus updating={query.isFetching && !query.isPending}>
        {query.isPending
          ? 'Loading traffic…'
          : traffic?.ok
            ? countOf(rows.length, 'route', 'routes')
            : 'Traffic unavailable'}
      </ListStatus>
      {query.isError ? (
        <LoadError
          title="The proxy dashboard could not be reached"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : traffic && !traffic.ok ? (
        isKeyRefusal(traffic.error) ? (
          <MissingScope scope="analytics:read" what="read route traffic" error={traffic.error} />
        ) : (
          <LoadError title="Traffic could not be loaded" error={traffic.error} onRetry={() => void query.refetch()} />
        )
      ) : traffic ? (
        <Table striped highlightOnHover aria-label="Traffic by route">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Route</Table.Th>
              <Table.Th ta="right">Requests</Table.Th>
              <Table.Th ta="right">Errors</Table.Th>
              <Table.Th ta="right">5xx</Table.Th>
              <Table.Th ta="right">Avg latency</Table.Th>
              <Table.Th ta="right">Error rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const route = routeOf.get(row.routeId);
              const servedWhileDisabled = route?.enabled === false && (row.requests ?? 0) > 0;
              return (
                <Table.Tr key={row.routeId}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {route?.domain ?? row.routeId}
                      </Text>
                      {servedWhileDisabled ? (
                        <Badge color="orange" variant="light">
                          Disabled in the dashboard, still served
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{figure(row.requests)}</Table.Td>
                  <Table.Td ta="right">{figure(row.errors)}</Table.Td>
                  <Table.Td ta="right">{figure(row.status5xx)}</Table.Td>
                  <Table.Td ta="right">{figure(row.avgLatencyMs, ' ms')}</Table.Td>
                  <Table.Td ta="right">{figure(row.errorRatePct, ' %')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
