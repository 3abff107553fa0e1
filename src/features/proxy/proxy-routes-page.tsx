import { Badge, Button, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ApiError } from '../../client/api-error';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { LoadError } from '../../components/load-error';
import { LabelledChoice } from '../../components/labelled-choice';
import { ListStatus } from '../../components/list-status';
import { countOf } from '../../client/count-of';
import { proxyErrorCodes, TLS_MODES, type RouteRecord } from '../../shared/proxy';
import { AdminsOnly, NotConfigured } from './area-states';
import { isNotConfigured, proxyRootKey, useProxyOverview } from './api/get-overview';
import { useProxyLive } from './api/get-live-states';
import { ExposureNotice, ProxyOnlyNotice } from './area-notices';
import { ConnectionCard } from './connection-card';
import { describeUpstreams, filterRoutes, STATUS_FILTERS, type StatusFilter } from './filter-routes';
import { KeyRejectedBanner } from './key-banner';
import { RouteDetailsDrawer } from './route-details';
import { VerdictBadge } from './live-badge';
import { liveVerdict, proxyOnlyRoutes, type LiveVerdict } from './live-verdict';
import { TLS_MODE_LABELS, tlsLabel } from './route-form';
import { RouteFormModal } from './route-form-modal';
import { useProxyConfigured } from './use-proxy-configured';
import { useProxySearch } from './use-proxy-search';
import { useRouteToggle } from './use-route-toggle';

const STATUS_LABELS: Record<StatusFilter, string> = { all: 'All', enabled: 'Enabled', disabled: 'Disabled' };
const statusOptions = STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }));
const tlsOptions = TLS_MODES.map((value) => ({ value, label: TLS_MODE_LABELS[value] }));

/** The row's switch: toggles `patch.enabled` without opening the row; switching off asks first. */
function EnabledSwitch({ route }: { route: RouteRecord }) {
  const toggle = useRouteToggle(route);
  return (
    // The row selects on click and Enter/Space; the switch is an action of its own (DataTable leaves it those).
    <>
      <Switch
        aria-label={`Enabled: ${route.domain}`}
        checked={toggle.enabled}
        disabled={toggle.pending}
        onChange={toggle.request}
      />
      {/* The dialog is portalled, but React still bubbles its clicks and keys to the row, which would open it. */}
      <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
        {toggle.dialog}
      </span>
    </>
  );
}

/** The live verdict's badge (when and by which source in its title); maintenance and archive beside it. */
function LiveBadge({ record, verdict }: { record: RouteRecord; verdict: LiveVerdict | null }) {
  if (!verdict) {
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <VerdictBadge verdict={verdict} />
      {record.maintenanceMode ? (
        // Filled, with text in the colour of most contrast: yellow on white is unreadable (axe: colour contrast).
        <Badge color="yellow" variant="filled" autoContrast>
          Maintenance
        </Badge>
      ) : null}
      {record.archivedAt ? (
        <Badge color="gray" variant="outline">
          Archived
        </Badge>
      ) : null}
    </Group>
  );
}

/** A long domain wraps (two lines, the rest in its title and the details) instead of running under the next column. */
const DOMAIN_STYLE = { overflowWrap: 'anywhere', wordBreak: 'normal' } as const;

type VerdictOf = (route: RouteRecord) => { record: RouteRecord; verdict: LiveVerdict | null };

function routeColumns(verdictOf: VerdictOf): DataTableColumn<RouteRecord>[] {
  return [
    {
      id: 'domain',
      header: 'Domain',
      width: 'minmax(12rem, 2fr)',
      cell: (r) => (
        <Text size="sm" fw={500} lineClamp={2} style={DOMAIN_STYLE} title={r.domain}>
          {r.domain}
        </Text>
      ),
    },
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(9rem, 1.2fr)',
      cell: (r) => (
        <Text size="sm" truncate>
          {r.name}
        </Text>
      ),
    },
    {
      id: 'upstreams',
      header: 'Upstreams',
      width: 'minmax(12rem, 2fr)',
      cell: (r) => (
        <Text size="sm" c="dimmed" truncate>
          {describeUpstreams(r)}
        </Text>
      ),
    },
    { id: 'tls', header: 'TLS mode', width: '10rem', cell: (r) => <Text size="sm">{tlsLabel(r.tlsMode)}</Text> },
    { id: 'live', header: 'Live state', width: '13rem', cell: (r) => <LiveBadge {...verdictOf(r)} /> },
    { id: 'enabled', header: 'Enabled', width: '6rem', align: 'center', cell: (r) => <EnabledSwitch route={r} /> },
  ];
}

/** Owners and administrators: the proxy dashboard's routes, through the console's own key. */
export function ProxyRoutesPage() {
  return (
    <AdminsOnly title="Proxy routes">
      <ProxyRoutesArea />
    </AdminsOnly>
  );
}

function ProxyRoutesArea() {
  // Without a dashboard there is nothing to ask the BFF: the session already says so.
  if (!useProxyConfigured()) return <NotConfigured title="Proxy routes" />;
  return <AskedArea />;
}

function AskedArea() {
  const overview = useProxyOverview();
  if (isNotConfigured(overview.error)) return <NotConfigured title="Proxy routes" />;
  return <ConfiguredArea overview={overview} />;
}

/** The one live query over the listed routes, and each route's verdict from it (the list's record until read). */
function useVerdicts(routes: readonly RouteRecord[], listed: boolean) {
  const ids = useMemo(() => (listed ? routes.map((r) => r.id) : null), [routes, listed]);
  const live = useProxyLive(ids);
  const verdictOf = useCallback<VerdictOf>(
    (route) => {
      const record = live.data?.records.get(route.id) ?? route;
      return { record, verdict: live.data ? liveVerdict(record, live.data.sources) : null };
    },
    [live.data],
  );
  const strays = useMemo(() => (live.data ? proxyOnlyRoutes(routes, live.data.sources) : []), [routes, live.data]);
  return { live, verdictOf, strays };
}

type Search = ReturnType<typeof useProxySearch>;
type Overview = ReturnType<typeof useProxyOverview>;

function RouteFilters({ search }: { search: Search }) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        label="Search routes"
        placeholder="Domain, name or upstream"
        value={search.q}
        onChange={(e) => search.setQuery(e.currentTarget.value)}
        w={280}
      />
      <LabelledChoice<StatusFilter>
        label="Show"
        data={statusOptions}
        value={search.status}
        onChange={search.setStatus}
      />
      <Select
        label="TLS mode"
        placeholder="Any"
        data={tlsOptions}
        value={search.tls}
        onChange={(value) => search.setTls(value)}
        clearable
        w={220}
      />
    </Group>
  );
}

function RoutesTable({
  overview,
  rows,
  columns,
  search,
}: {
  overview: Overview;
  rows: RouteRecord[];
  columns: DataTableColumn<RouteRecord>[];
  search: Search;
}) {
  const routesOutcome = overview.data?.routes ?? null;
  const routesError = routesOutcome && !routesOutcome.ok ? routesOutcome.error : null;
  return overview.isError ? (
    <LoadError
      title="The proxy dashboard could not be reached"
      error={overview.error}
      onRetry={() => void overview.refetch()}
    />
  ) : routesError && routesError.code !== proxyErrorCodes.keyRejected ? (
    <LoadError title="Routes could not be loaded" error={routesError} onRetry={() => void overview.refetch()} />
  ) : (
    <DataTable
      label="Proxy routes"
      rows={rows}
      columns={columns}
      getRowId={(r) => r.id}
      selectedId={search.selectedId}
      onSelect={(r) => search.select(r.id)}
      height="min(60vh, 640px)"
      minWidth={900}
      empty={
        overview.isPending ? (
          'Loading routes…'
        ) : routesError ? (
          <Badge color="red" variant="light">
            The dashboard refused to list routes
          </Badge>
        ) : (
          'No routes match.'
        )
      }
    />
  );
}

function ConfiguredArea({ overview }: { overview: Overview }) {
  const search = useProxySearch();
  const queryClient = useQueryClient();
  // The route stays while the dialog closes, so an edit dialog does not turn into a create form on its way out.
  const [form, setForm] = useState<{ route: RouteRecord | null; opened: boolean }>({ route: null, opened: false });
  const closeForm = () => setForm((current) => ({ ...current, opened: false }));

  const routesOutcome = overview.data?.routes ?? null;
  const routes = useMemo(() => (routesOutcome?.ok ? routesOutcome.data : []), [routesOutcome]);
  const query = useDeferredValue(search.q);
  const shown = useMemo(
    () => filterRoutes(routes, { q: query, status: search.status, tls: search.tls }),
    [routes, query, search.status, search.tls],
  );
  const selected = routes.find((r) => r.id === search.selectedId) ?? null;
  const { live, verdictOf, strays } = useVerdicts(routes, Boolean(routesOutcome?.ok));
  const columns = useMemo(() => routeColumns(verdictOf), [verdictOf]);
  const unreachable = overview.isError && overview.error instanceof ApiError && overview.error.status >= 500;
  const routesError = routesOutcome && !routesOutcome.ok ? routesOutcome.error : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Proxy routes</Title>
        <Button onClick={() => setForm({ route: null, opened: true })}>Create route</Button>
      </Group>

      <KeyRejectedBanner />
      <ExposureNotice />

      <ConnectionCard
        health={overview.data?.health ?? null}
        proxyStatus={live.data?.sources.status}
        reachable={unreachable ? false : overview.data || overview.isError ? true : null}
        unreachableError={overview.error}
        checkedAt={overview.data?.checkedAt ?? null}
        checking={overview.isFetching}
        // Everything the area shows, live states and the open route's full record included.
        onCheck={() => void queryClient.invalidateQueries({ queryKey: proxyRootKey })}
      />

      <RouteFilters search={search} />

      <ProxyOnlyNotice routes={strays} />

      <ListStatus updating={overview.isFetching && !overview.isPending}>
        {overview.isPending
          ? 'Loading routes…'
          : routesError
            ? 'Routes unavailable'
            : countOf(shown.length, 'route', 'routes')}
      </ListStatus>

      <RoutesTable overview={overview} rows={shown} columns={columns} search={search} />

      <RouteDetailsDrawer
        routeId={search.selectedId}
        listed={selected}
        loading={overview.isPending}
        live={live}
        onClose={() => search.select(null)}
        onEdit={(route) => setForm({ route, opened: true })}
      />
      <RouteFormModal
        opened={form.opened}
        route={form.route}
        onClose={closeForm}
        onSaved={(id) => {
          closeForm();
          search.select(id);
        }}
      />
    </Stack>
  );
}
