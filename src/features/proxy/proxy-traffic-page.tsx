import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LabelledChoice } from '../../components/labelled-choice';
import { ListStatus } from '../../components/list-status';
import { countOf } from '../../client/count-of';
import { useSearchParamsWriter } from '../../client/use-search-params-writer';
import { DEFAULT_WINDOW_MINUTES, type RouteRecord, type RouteTraffic } from '../../shared/proxy';
import { useProxyLive } from './api/get-live-states';
import { isNotConfigured } from './api/get-overview';
import { useProxyTraffic } from './api/get-traffic';
import { AdminsOnly, isKeyRefusal, MissingScope, NotConfigured } from './area-states';
import { VerdictBadge } from './live-badge';
import { liveVerdict, type LiveVerdict } from './live-verdict';
import { useProxyConfigured } from './use-proxy-configured';

const WRAP = { overflowWrap: 'anywhere' } as const;

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
  // Without a dashboard there is nothing to ask the BFF: the session already says so.
  if (!useProxyConfigured()) return <NotConfigured title={TITLE} />;
  return <AskedTraffic />;
}

function AskedTraffic() {
  const [params] = useSearchParams();
  const write = useSearchParamsWriter();
  const raw = params.get('window');
  const windowValue: WindowValue = isWindow(raw) ? raw : (String(DEFAULT_WINDOW_MINUTES) as WindowValue);
  const query = useProxyTraffic(Number(windowValue));
  const routes = query.data?.routes;
  const listed = useMemo(() => (routes?.ok ? routes.data : null), [routes]);
  // The same live query as the routes list (same routes, same key): one verdict per route across the area.
  const live = useProxyLive(useMemo(() => listed?.map((r) => r.id) ?? null, [listed]));
  if (isNotConfigured(query.error)) return <NotConfigured title={TITLE} />;
  const traffic = query.data?.traffic ?? null;
  const verdictOf = (route: RouteRecord) => {
    const record = live.data?.records.get(route.id) ?? route;
    return live.data ? liveVerdict(record, live.data.sources) : null;
  };
  const routeOf = new Map((listed ?? []).map((r) => [r.id, r]));
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
        The dashboard counts every request whose domain matches a route, whether the proxy served it or not: a count is
        no proof that a route is live. The live state beside each route says whether the proxy holds it.
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
        <TrafficTable rows={rows} routeOf={routeOf} verdictOf={verdictOf} />
      ) : null}
    </Stack>
  );
}

/** What the route's count means, said only from the verdict: served while disabled, or counted but not served. */
function ServedNote({
  route,
  verdict,
  requests,
}: {
  route: RouteRecord;
  verdict: LiveVerdict | null;
  requests: number;
}) {
  if (requests === 0 || !verdict) return null;
  if (route.enabled === false && verdict.held === true) {
    return (
      // Words that wrap, not a badge: a badge cuts a phrase this long on a phone.
      <Text size="xs" fw={500} style={WRAP}>
        Disabled in the dashboard, still served
      </Text>
    );
  }
  if (verdict.held === false) {
    return (
      // The text colour of the page: a red on striped rows falls short of contrast (axe); the badge beside is red.
      <Text size="xs" fw={500} style={WRAP}>
        Requests arrive for this domain, but the proxy does not serve it: {countOf(requests, 'request', 'requests')} in
        this window, none of them reached its upstreams.
      </Text>
    );
  }
  return null;
}

function TrafficTable({
  rows,
  routeOf,
  verdictOf,
}: {
  rows: RouteTraffic[];
  routeOf: ReadonlyMap<string, RouteRecord>;
  verdictOf: (route: RouteRecord) => LiveVerdict | null;
}) {
  return (
    // Not DataTable: a route's cell stacks its verdict and a note of varying height, where DataTable's virtualized
    // rows have one fixed height; one row per route, tens at most.
    // On a phone the figures scroll sideways inside the table; the route and its requests stay in view.
    // Focusable, so a keyboard user can scroll it sideways (axe: scrollable-region-focusable).
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
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
            const verdict = route ? verdictOf(route) : null;
            return (
              <Table.Tr key={row.routeId}>
                <Table.Td miw={200} maw={320}>
                  <Stack gap={4} align="flex-start">
                    <Text size="sm" fw={500} style={WRAP}>
                      {route?.domain ?? 'A route the dashboard no longer lists'}
                    </Text>
                    {verdict ? <VerdictBadge verdict={verdict} /> : null}
                    {route ? <ServedNote route={route} verdict={verdict} requests={row.requests ?? 0} /> : null}
                  </Stack>
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
    </Table.ScrollContainer>
  );
}
