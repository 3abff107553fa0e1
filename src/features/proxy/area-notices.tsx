import { Alert, List, Stack, Text } from '@mantine/core';
import { useProxyExposure } from './api/get-exposure';
import { clockTime } from './live-badge';
import type { ProxyOnlyRoute } from './live-verdict';

const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * Routes the proxy serves that the dashboard does not know (its drift detector's "missing in the database", or an
 * entry of the proxy's configuration no dashboard route claims): nothing in the list stands for them.
 */
export function ProxyOnlyNotice({ routes }: { routes: readonly ProxyOnlyRoute[] }) {
  if (routes.length === 0) return null;
  return (
    <Alert color="orange" title="Only in proxy" role="status">
      <Stack gap="xs">
        <Text size="sm">
          The proxy serves {routes.length === 1 ? 'a route' : `${routes.length} routes`} the dashboard does not know, so{' '}
          {routes.length === 1 ? 'it is' : 'they are'} not in this list and the console cannot change{' '}
          {routes.length === 1 ? 'it' : 'them'}:
        </Text>
        <List size="sm" spacing={2} aria-label="Routes only in the proxy">
          {routes.map((r, i) => (
            <List.Item key={`${r.routeId ?? ''}|${r.hosts.join(',')}|${i}`} style={WRAP}>
              {r.hosts.length > 0 ? r.hosts.join(', ') : 'a route without a domain'}
              {r.since ? ` — seen by the ${r.source} since ${clockTime(r.since)}` : ` — seen by the ${r.source}`}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

/**
 * What anyone who reaches the dashboard can read without a key, as the BFF checked it (not assumed): shown only
 * when a check found something open.
 */
export function ExposureNotice() {
  const { data } = useProxyExposure();
  const open = data?.probes.filter((p) => p.open) ?? [];
  if (!data || open.length === 0) return null;
  const checkedAt = new Date(data.checkedAt);
  return (
    <Alert color="orange" variant="light" title="The dashboard answers without a key" role="note">
      <Stack gap={4}>
        <Text size="sm">Anyone who can reach the proxy dashboard can read, without a key or a sign-in:</Text>
        <List size="sm" spacing={2} aria-label="Readable without a key">
          {open.map((p) => (
            <List.Item key={p.procedure}>{p.what}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {Number.isNaN(checkedAt.getTime())
            ? 'Checked by the console.'
            : `Checked by the console at ${clockTime(checkedAt)}.`}
        </Text>
      </Stack>
    </Alert>
  );
}
