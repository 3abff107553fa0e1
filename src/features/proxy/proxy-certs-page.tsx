import { Anchor, Badge, Stack, Table, Text, Title, type BadgeProps } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { ListStatus } from '../../components/list-status';
import { countOf } from '../../client/count-of';
import { useProxyCerts } from './api/get-certs';
import { isNotConfigured } from './api/get-overview';
import { AdminsOnly, isKeyRefusal, MissingScope, NotConfigured } from './area-states';
import { expiryOf, EXPIRY_WARNING_DAYS, statusColor, type Expiry } from './cert-expiry';
import { useProxyConfigured } from './use-proxy-configured';
import type { CertRecord } from '../../shared/proxy';
import { href } from '../../shared/app-paths';

const TITLE = 'Proxy certificates';

function when(value: Date | null | undefined): string {
  return value ? value.toLocaleDateString() : '—';
}

/**
 * A warning stands out (filled), in shades whose text keeps a 4.5:1 contrast (axe): black on orange, white on
 * dark red; white on the usual orange or red does not.
 */
const EXPIRY_BADGES: Record<Expiry['color'], BadgeProps> = {
  teal: { color: 'teal', variant: 'light' },
  gray: { color: 'gray', variant: 'light' },
  orange: { color: 'orange.6', variant: 'filled', c: 'black' },
  red: { color: 'red.9', variant: 'filled', c: 'white' },
};

/** The dashboard's certificates (`publicApi.certs`, scope certs:read), with a warning ahead of each expiry. */
export function ProxyCertsPage() {
  return (
    <AdminsOnly title={TITLE}>
      <CertsArea />
    </AdminsOnly>
  );
}

function CertsArea() {
  // Without a dashboard there is nothing to ask the BFF: the session already says so.
  if (!useProxyConfigured()) return <NotConfigured title={TITLE} />;
  return <AskedCerts />;
}

function AskedCerts() {
  const query = useProxyCerts();
  if (isNotConfigured(query.error)) return <NotConfigured title={TITLE} />;
  const certs = query.data?.certs ?? null;
  const routes = query.data?.routes;
  const domainOf = new Map((routes?.ok ? routes.data : []).map((r) => [r.id, r.domain]));
  // Expiry is judged as of the answer, so a render never depends on the wall clock.
  const now = query.dataUpdatedAt;
  const sorted = certs?.ok
    ? [...certs.data].sort(
        (a, b) =>
          (a.expiresAt?.getTime() ?? Infinity) - (b.expiresAt?.getTime() ?? Infinity) ||
          a.domain.localeCompare(b.domain),
      )
    : [];
  return (
    <Stack gap="md">
      <Title order={2}>{TITLE}</Title>
      <Text size="sm" c="dimmed">
        Certificates the dashboard manages for its routes, soonest expiry first; a warning shows {EXPIRY_WARNING_DAYS}{' '}
        days ahead.
      </Text>
      <ListStatus updating={query.isFetching && !query.isPending}>
        {query.isPending
          ? 'Loading certificates…'
          : certs?.ok
            ? countOf(sorted.length, 'certificate', 'certificates')
            : 'Certificates unavailable'}
      </ListStatus>
      {query.isError ? (
        <LoadError
          title="The proxy dashboard could not be reached"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : certs && !certs.ok ? (
        isKeyRefusal(certs.error) ? (
          <MissingScope scope="certs:read" what="list certificates" error={certs.error} />
        ) : (
          <LoadError
            title="Certificates could not be loaded"
            error={certs.error}
            onRetry={() => void query.refetch()}
          />
        )
      ) : certs ? (
        <CertTable certs={sorted} domainOf={domainOf} now={now} />
      ) : null}
    </Stack>
  );
}

const WRAP = { overflowWrap: 'anywhere' } as const;

function CertTable({
  certs,
  domainOf,
  now,
}: {
  certs: CertRecord[];
  domainOf: ReadonlyMap<string, string>;
  now: number;
}) {
  return (
    // Not DataTable: a row holds several lines (a long domain wraps; expiry and its badge stack), where DataTable's
    // virtualized rows have one fixed height; a proxy has tens of certificates, not thousands.
    // The domain and its expiry come first; on a phone the rest scrolls sideways inside the table, not the page.
    // Focusable, so a keyboard user can scroll it sideways (axe: scrollable-region-focusable).
    <Table.ScrollContainer minWidth={720} type="native" tabIndex={0}>
      <Table striped highlightOnHover aria-label="Certificates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Domain</Table.Th>
            <Table.Th>Expiry</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Auto-renew</Table.Th>
            <Table.Th>Issued</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Route</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {certs.map((cert) => {
            const expiry = expiryOf(cert, now);
            const routeDomain = cert.routeId ? domainOf.get(cert.routeId) : undefined;
            return (
              <Table.Tr key={cert.id}>
                <Table.Td miw={160} maw={280}>
                  <Text size="sm" fw={500} style={WRAP}>
                    {cert.domain}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Text size="sm">{when(cert.expiresAt)}</Text>
                    <Badge {...EXPIRY_BADGES[expiry.color]}>{expiry.label}</Badge>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Badge color={statusColor(cert.status)} variant="light">
                    {cert.status ?? 'unknown'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {cert.autoRenew === null || cert.autoRenew === undefined ? '—' : cert.autoRenew ? 'Yes' : 'No'}
                </Table.Td>
                <Table.Td>{when(cert.issuedAt)}</Table.Td>
                <Table.Td>{cert.source ?? '—'}</Table.Td>
                <Table.Td maw={240} style={WRAP}>
                  {cert.routeId ? (
                    <Anchor component={Link} to={href('proxyRoutes', { search: { route: cert.routeId } })} size="sm">
                      {routeDomain ?? 'Open the route'}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
