import { Badge, Button, Code, Drawer, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { notify } from '../../client/notify';
import { ServerError } from '../../components/server-error';
import { unknownRouteFields, type RouteRecord } from '../../shared/proxy';
import { useDeleteProxyRoute } from './api/delete-route';
import { useProxyRoute } from './api/get-route';
import { notifyRouteToggled, useUpdateProxyRoute } from './api/update-route';
import { lbLabel, tlsLabel } from './route-form';

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
  const update = useUpdateProxyRoute();
  const enabled = route?.enabled !== false;

  const toggle = () => {
    if (!route) return;
    update.mutate(
      { id: route.id, patch: { enabled: !enabled } },
      {
        onSuccess: () => notifyRouteToggled(route, enabled),
      },
    );
  };

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
              {enabled ? 'Enabled' : 'Disabled'}
            </Badge>
            {full.isFetching ? <Loader size="xs" aria-label="Updating" /> : null}
          </Group>
          <Group gap="xs">
            <Button size="xs" onClick={() => onEdit(route)}>
              Edit
            </Button>
            <Button size="xs" variant="light" onClick={toggle} loading={update.isPending}>
              {enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Group>
          <ServerError error={update.error} />
          {full.isError ? <ServerError error={full.error} title="The full record could not be loaded" /> : null}

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
                  <Field key={key} label={key}>
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
      onSuccess: () => {
        notify('success', `proxy-route-${route.id}`, 'Route deleted', `${route.domain} is no longer proxied.`);
        onDeleted();
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Delete route?" closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="md">
        <Text size="sm">
          The route for <strong>{route.domain}</strong> ({route.name}) will be deleted from the proxy dashboard.
          Requests for this domain will no longer reach its upstreams. This cannot be undone.
        </Text>
        <ServerError error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete route
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
