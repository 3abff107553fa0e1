import { Alert, Badge, Button, Code, Drawer, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ServerError } from '../../components/server-error';
import { unknownRouteFields, type RouteRecord } from '../../shared/proxy';
import { useDeleteProxyRoute } from './api/delete-route';
import { useProxyRoute } from './api/get-route';
import { liveStateOf } from './live-state';
import { lbLabel, tlsLabel } from './route-form';
import { useRouteToggle } from './use-route-toggle';
import { paramLabel } from '../../shared/labels';
import { announceWrite, forgetWrite, useLastWrite, type WriteNotice } from './write-outcome';
import { ConfirmAction } from '../../components/confirm-action';

interface RouteDetailsDrawerProps {
  routeId: string | null;
  /** The list's record, shown until (or if not) the full record arrives. */
  listed: RouteRecord | null;
  loading: boolean;
  onClose: () => void;
  onEdit: (route: RouteRecord) => void;
}

function yesNo(value: boolean | null | undefined): string {
  return value === undefined || value === null ? '—' : value ? 'Yes' : 'No';
}

function when(value: Date | null | undefined): string {
  return value ? value.toLocaleString() : '—';
}

/** Any value the console does not model, shown as the dashboard sent it. */
function rawValue(value: unknown): ReactNode {
  if (value instanceof Date) return value.toLocaleString();
  if (typeof value === 'string') return value === '' ? <Text c="dimmed">(empty)</Text> : value;
  if (value === null || value === undefined) return <Text c="dimmed">—</Text>;
  if (typeof value !== 'object') return String(value);
  return (
    <Code block style={{ whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="40%" scope="row">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** The selected route, opened whenever `?route=<id>` is in the URL: every field, actions for it. */
export function RouteDetailsDrawer({ routeId, listed, loading, onClose, onEdit }: RouteDetailsDrawerProps) {
  const full = useProxyRoute(routeId);
  const route = full.data ?? listed;
  const [deleting, setDeleting] = useState(false);
  const toggle = useRouteToggle(route);
  const enabled = toggle.enabled;
  const lastWrite = useLastWrite(routeId);

  return (
    <Drawer opened={routeId !== null} onClose={onClose} position="right" size="xl" title={route?.domain ?? 'Route'}>
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
            <Badge color={enabled ? 'teal' : 'gray'} variant="light">
              {enabled ? 'Enabled in the dashboard' : 'Disabled in the dashboard'}
            </Badge>
            {full.isFetching ? <Loader size="xs" aria-label="Updating" /> : null}
          </Group>
          <Group gap="xs">
            <Button size="xs" onClick={() => onEdit(route)}>
              Edit
            </Button>
            <Button size="xs" variant="light" onClick={toggle.request} loading={toggle.pending}>
              {enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Group>
          {toggle.dialog}
          {lastWrite ? <LastWrite notice={lastWrite} onDismiss={() => forgetWrite(route.id)} /> : null}
          {full.isError ? <ServerError error={full.error} title="The full record could not be loaded" /> : null}
          <LiveStateSection route={full.data ?? null} loading={full.isPending} />

          <Table withRowBorders={false} verticalSpacing={4} aria-label="Route fields">
            <Table.Tbody>
              <Field label="Name">{route.name}</Field>
              <Field label="Domain">{route.domain}</Field>
              <Field label="ID">
                <Code>{route.id}</Code>
              </Field>
              <Field label="Upstreams">
                <Stack gap={2}>
                  {route.upstreams.map((u) => (
                    <Text size="sm" key={u.address}>
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

          <Title order={4} size="h6">
            Other fields from the dashboard
          </Title>
          {unknownRouteFields(route).length === 0 ? (
            <Text size="sm" c="dimmed">
              {full.isPending ? 'Loading the full record…' : 'None.'}
            </Text>
          ) : (
            <Table withRowBorders={false} verticalSpacing={4} aria-label="Other fields">
              <Table.Tbody>
                {unknownRouteFields(route).map(([key, value]) => (
                  <Field key={key} label={paramLabel(key)}>
                    {rawValue(value)}
                  </Field>
                ))}
              </Table.Tbody>
            </Table>
          )}
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

/** The last change made through the console, as the read-back showed it; stays until dismissed. */
function LastWrite({ notice, onDismiss }: { notice: WriteNotice; onDismiss: () => void }) {
  const color = notice.kind === 'success' ? 'teal' : notice.kind === 'error' ? 'red' : 'orange';
  return (
    // A region of its own: the alert inside is named by its title, which changes with the outcome.
    <section aria-label="Last change through the console">
      <Alert color={color} title={notice.title} withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
        <List size="sm" spacing={2}>
          {notice.lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Alert>
    </section>
  );
}

/** What the dashboard's drift checks say about the route, in plain words. */
function LiveStateSection({ route, loading }: { route: RouteRecord | null; loading: boolean }) {
  if (!route) {
    return (
      <Text size="sm" c="dimmed">
        {loading ? 'Reading the live state…' : 'The live state could not be read.'}
      </Text>
    );
  }
  const live = liveStateOf(route);
  return (
    <Stack gap={4} component="section" aria-label="Live state">
      <Group gap="xs">
        <Title order={4} size="h6">
          Live state
        </Title>
        <Badge color={live.color} variant="light">
          {live.label}
        </Badge>
        {route.maintenanceMode ? (
          <Badge color="yellow" variant="outline">
            Maintenance mode
          </Badge>
        ) : null}
        {route.archivedAt ? (
          <Badge color="gray" variant="outline">
            Archived {when(route.archivedAt)}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm">{live.explanation}</Text>
      {live.differences.length > 0 ? (
        <List size="sm" spacing={2} aria-label="Differences between the dashboard and the proxy">
          {live.differences.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : null}
      <Text size="xs" c="dimmed">
        {live.checkedAt ? `Checked by the dashboard ${when(live.checkedAt)}` : 'Never checked by the dashboard'}
        {route.syncSource ? ` (${route.syncSource})` : ''}.
        {live.staleCheck ? ' The route changed after that check, so the check does not cover the change.' : ''} The
        dashboard sets this with its own drift checks, not when a change is saved.
      </Text>
    </Stack>
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
      <Text size="sm">
        The route for <strong>{route.domain}</strong> ({route.name}) will be deleted from the proxy dashboard. Requests
        for this domain will no longer reach its upstreams. This cannot be undone.
      </Text>
    </ConfirmAction>
  );
}
