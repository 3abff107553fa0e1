import { Alert, Badge, Button, Code, Drawer, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ServerError } from '../../components/server-error';
import type { RouteRecord } from '../../shared/proxy';
import { useDeleteProxyRoute } from './api/delete-route';
import type { LiveData } from './api/get-live-states';
import { useProxyRoute } from './api/get-route';
import { extraSettings } from './extra-fields';
import { LiveSection } from './live-section';
import { liveVerdict } from './live-verdict';
import { lbLabel, tlsLabel } from './route-form';
import { useRouteToggle } from './use-route-toggle';
import { announceWrite, forgetWrite, useLastWrite, type WriteNotice } from './write-outcome';
import { ConfirmAction } from '../../components/confirm-action';

interface RouteDetailsDrawerProps {
  routeId: string | null;
  /** The list's record, shown until (or if not) the full record arrives. */
  listed: RouteRecord | null;
  loading: boolean;
  /** The area's one live query (see get-live-states.ts), shared with the list. */
  live: LiveQuery;
  onClose: () => void;
  onEdit: (route: RouteRecord) => void;
}

type LiveQuery = Pick<UseQueryResult<LiveData>, 'data' | 'isFetching' | 'isPending'>;

/** Long unbroken text (a 253-character domain) wraps anywhere instead of widening the drawer. */
const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;

function yesNo(value: boolean | null | undefined): string {
  return value === undefined || value === null ? '—' : value ? 'Yes' : 'No';
}

function when(value: Date | null | undefined): string {
  return value ? value.toLocaleString() : '—';
}

// Label/value rows of one route, not a list of records: plain tables, not DataTable.
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="40%" scope="row">
        {label}
      </Table.Th>
      <Table.Td style={WRAP}>{children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The route as freshly as it is known: the drawer's own read and the live query's both re-read it while the
 * drawer is open, so the later of the two wins; the list's record (no extras) until either arrives.
 */
function useCurrentRoute(routeId: string | null, listed: RouteRecord | null, live: LiveQuery) {
  const full = useProxyRoute(routeId, { poll: true });
  const { refetch } = full;
  // A change made in the dashboard shows in the list first (its poll): read the full record again at once.
  const listedVersion = listed?.updatedAt?.getTime() ?? null;
  const fullVersion = full.data?.updatedAt?.getTime() ?? null;
  useEffect(() => {
    if (routeId !== null && listedVersion !== null && fullVersion !== null && listedVersion > fullVersion) {
      void refetch();
    }
  }, [routeId, listedVersion, fullVersion, refetch]);
  const fromLive = routeId ? live.data?.records.get(routeId) : undefined;
  const liveNewer = fromLive && live.data && live.data.recordsReadAt.getTime() > full.dataUpdatedAt;
  const record = (liveNewer ? fromLive : full.data) ?? fromLive ?? null;
  return { full, record, route: record ?? listed };
}

/** The selected route, opened whenever `?route=<id>` is in the URL: every field, actions for it. */
export function RouteDetailsDrawer({ routeId, listed, loading, live, onClose, onEdit }: RouteDetailsDrawerProps) {
  const { full, record, route } = useCurrentRoute(routeId, listed, live);
  const [deleting, setDeleting] = useState(false);
  const toggle = useRouteToggle(route);
  const lastWrite = useLastWrite(routeId);
  const verdict = record && live.data ? liveVerdict(record, live.data.sources) : null;

  return (
    <Drawer
      opened={routeId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={route?.domain ?? 'Route'}
      styles={{ title: WRAP, header: { alignItems: 'flex-start' } }}
    >
      {route === null ? (
        loading || full.isPending ? (
          <Group gap="xs">
            <Loader size="xs" aria-label="Loading" />
            <Text size="sm">Loading route…</Text>
          </Group>
        ) : (
          <Text size="sm">This route does not exist (any more).</Text>
        )
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={toggle.enabled ? 'teal' : 'gray'} variant="light">
              {toggle.enabled ? 'Enabled in the dashboard' : 'Disabled in the dashboard'}
            </Badge>
            {full.isFetching ? <Loader size="xs" aria-label="Updating" /> : null}
          </Group>
          <Group gap="xs">
            <Button size="xs" onClick={() => onEdit(route)}>
              Edit
            </Button>
            <Button size="xs" variant="light" onClick={toggle.request} loading={toggle.pending}>
              {toggle.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Group>
          {toggle.dialog}
          {lastWrite ? <LastWrite notice={lastWrite} onDismiss={() => forgetWrite(route.id)} /> : null}
          {full.isError && !record ? (
            <ServerError error={full.error} title="The full record could not be loaded" />
          ) : null}
          {record ? (
            <LiveSection route={record} verdict={verdict} reading={live.isPending || live.isFetching} />
          ) : (
            <Text size="sm" c="dimmed">
              {full.isPending ? 'Reading the live state…' : 'The live state could not be read.'}
            </Text>
          )}
          <RouteFields route={route} />
          <ExtraSettings record={record} loading={full.isPending} />
          <DeleteRouteModal
            route={route}
            opened={deleting}
            onClose={() => setDeleting(false)}
            onDeleted={() => {
              setDeleting(false);
              onClose();
            }}
          />
        </Stack>
      )}
    </Drawer>
  );
}

function RouteFields({ route }: { route: RouteRecord }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label="Route fields" layout="fixed">
      <Table.Tbody>
        <Field label="Name">{route.name}</Field>
        <Field label="Domain">{route.domain}</Field>
        <Field label="ID">
          <Code style={WRAP}>{route.id}</Code>
        </Field>
        <Field label="Upstreams">
          <Stack gap={2}>
            {route.upstreams.map((u) => (
              <Text size="sm" key={u.address} style={WRAP}>
                {u.address}{' '}
                <Text span c="dimmed" size="xs">
                  weight {u.weight ?? 1}
                </Text>
              </Text>
            ))}
          </Stack>
        </Field>
        <Field label="TLS mode">{tlsLabel(route.tlsMode)}</Field>
        <Field label="Load balancing">{lbLabel(route.lbPolicy)}</Field>
        <Field label="Single sign-on">{yesNo(route.ssoEnabled)}</Field>
        <Field label="Compression">{yesNo(route.compressionEnabled)}</Field>
        <Field label="WebSockets">{yesNo(route.websocketEnabled)}</Field>
        <Field label="HTTP/3">{yesNo(route.http3Enabled)}</Field>
        <Field label="Health checks">
          {route.healthCheckEnabled
            ? `${route.healthCheckPath ?? '/'} every ${route.healthCheckInterval ?? '?'} s`
            : yesNo(route.healthCheckEnabled)}
        </Field>
        <Field label="Maintenance mode">{yesNo(route.maintenanceMode)}</Field>
        <Field label="Archived">{route.archivedAt ? when(route.archivedAt) : 'No'}</Field>
        <Field label="Created">{when(route.createdAt)}</Field>
        <Field label="Updated">{when(route.updatedAt)}</Field>
      </Table.Tbody>
    </Table>
  );
}

/** The full record's further settings the console knows, in words; the rest is only counted. */
function ExtraSettings({ record, loading }: { record: RouteRecord | null; loading: boolean }) {
  if (!record) {
    return loading ? (
      <Text size="sm" c="dimmed">
        Loading the full record…
      </Text>
    ) : null;
  }
  const { rows, unknown } = extraSettings(record);
  if (rows.length === 0 && unknown === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        More settings from the dashboard
      </Title>
      {rows.length > 0 ? (
        <Table withRowBorders={false} verticalSpacing={4} aria-label="More settings" layout="fixed">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Field key={label} label={label}>
                {value}
              </Field>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {unknown > 0 ? (
        <Text size="xs" c="dimmed">
          The dashboard keeps {unknown === 1 ? 'one more setting' : `${unknown} more settings`} for this route that the
          console does not show; see the route in the dashboard.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The last change made through the console, as the read-back showed it; stays until dismissed. */
function LastWrite({ notice, onDismiss }: { notice: WriteNotice; onDismiss: () => void }) {
  const color = notice.kind === 'success' ? 'teal' : notice.kind === 'error' ? 'red' : 'orange';
  return (
    // A region of its own: the alert inside is named by its title, which changes with the outcome.
    <section aria-label="Last change through the console">
      <Alert color={color} title={notice.title} withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
        <List size="sm" spacing={2}>
          {notice.lines.map((line) => (
            <List.Item key={line} style={WRAP}>
              {line}
            </List.Item>
          ))}
        </List>
      </Alert>
    </section>
  );
}

function DeleteRouteModal({
  route,
  opened,
  onClose,
  onDeleted,
}: {
  route: RouteRecord;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteProxyRoute();
  const confirm = () =>
    remove.mutate(route.id, {
      onSuccess: (data) => {
        announceWrite('delete', route.id, route.domain, data);
        onDeleted();
      },
    });
  return (
    <ConfirmAction
      opened={opened}
      onClose={onClose}
      title="Delete route?"
      confirmLabel="Delete route"
      onConfirm={confirm}
      pending={remove.isPending}
      error={remove.error}
    >
      <Text size="sm" style={WRAP}>
        The route for <strong>{route.domain}</strong> ({route.name}) will be deleted from the proxy dashboard. Requests
        for this domain will no longer reach its upstreams. This cannot be undone.
      </Text>
    </ConfirmAction>
  );
}
