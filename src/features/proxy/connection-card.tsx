import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../client/api-error';
import { CHECKED_SCOPES, proxyErrorCodes, type ProxyHealth, type ProxyStatus } from '../../shared/proxy';
import type { Outcome } from './api/call-proxy';
import { SCOPE_LABELS, useKeyStatus, type ScopeState } from './key-status';
import type { SourceAnswer } from './live-verdict';

interface ConnectionCardProps {
  /** The last overview answer, or null before the first one. */
  health: Outcome<ProxyHealth> | null;
  /** The dashboard answered at all (any answer, refusals included). */
  reachable: boolean | null;
  unreachableError: unknown;
  /** `caddy.status` from the area's live query: whether the proxy itself answers. */
  proxyStatus?: SourceAnswer<ProxyStatus>;
  checkedAt: number | null;
  checking: boolean;
  onCheck: () => void;
}

/** A badge beside text on a phone keeps its words; the text beside it wraps instead. */
const NO_SHRINK = { flexShrink: 0 } as const;

function ScopeBadge({ state }: { state: ScopeState }) {
  if (state.state === 'allowed')
    return (
      <Badge color="teal" variant="light" style={NO_SHRINK}>
        Allowed
      </Badge>
    );
  if (state.state === 'refused')
    return (
      <Badge color="red" variant="light" style={NO_SHRINK}>
        Refused
      </Badge>
    );
  return (
    <Badge color="gray" variant="light" style={NO_SHRINK}>
      Not tried yet
    </Badge>
  );
}

function Reachability({ reachable }: { reachable: boolean | null }) {
  return (
    <Group gap="xs">
      <Text size="sm" fw={500}>
        Reachability:
      </Text>
      {reachable === null ? (
        <Badge color="gray" variant="light">
          Checking…
        </Badge>
      ) : reachable ? (
        <Badge color="teal" variant="light">
          Reachable
        </Badge>
      ) : (
        <Badge color="red" variant="light">
          Unreachable
        </Badge>
      )}
    </Group>
  );
}

/** The proxy behind the dashboard, as `caddy.status` says: the dashboard answering says nothing about it. */
function ProxyLine({ status }: { status: SourceAnswer<ProxyStatus> | undefined }) {
  if (!status) return null;
  const [color, words] = !status.ok
    ? ['gray', `Unknown (${status.reason})`]
    : status.data.reachable === false
      ? ['red', 'Does not answer']
      : status.data.hasMain === false
        ? ['red', 'Answers, but serves nothing']
        : ['teal', 'Answers'];
  return (
    <Group gap="xs">
      <Text size="sm" fw={500}>
        Proxy:
      </Text>
      <Badge color={color} variant="light">
        {words}
      </Badge>
      {status.ok && status.data.reachable !== false && typeof status.data.upstreamCount === 'number' ? (
        <Text size="sm">
          holds {status.data.upstreamCount === 1 ? 'one route' : `${status.data.upstreamCount} routes`}
        </Text>
      ) : null}
    </Group>
  );
}

function KeyScopes({ checkedAt }: { checkedAt: number | null }) {
  const status = useKeyStatus();
  return (
    <>
      <Text size="sm" fw={500}>
        What the console&apos;s key may do
      </Text>
      <List spacing={4} size="sm" listStyleType="none" aria-label="Key scopes">
        {CHECKED_SCOPES.map((scope) => (
          <List.Item key={scope}>
            <Group gap="xs" wrap="nowrap">
              <ScopeBadge state={status[scope]} />
              <Text size="sm">
                {SCOPE_LABELS[scope]}{' '}
                <Text span c="dimmed" size="xs">
                  ({scope})
                </Text>
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        Learned from the dashboard&apos;s answers; a key cannot list its own scopes. Scopes are exact: a key with only
        &ldquo;admin&rdquo; has none of these.
        {checkedAt ? ` Last checked ${new Date(checkedAt).toLocaleTimeString()}.` : ''}
      </Text>
    </>
  );
}

/** Reachability of the dashboard and its proxy, and what the console's key may do, learned from answers and refusals. */
export function ConnectionCard({
  health,
  reachable,
  unreachableError,
  proxyStatus,
  checkedAt,
  checking,
  onCheck,
}: ConnectionCardProps) {
  const answer = health?.ok ? health.data : null;
  return (
    <Card withBorder padding="md" aria-labelledby="proxy-connection-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h5" id="proxy-connection-title">
            Dashboard connection
          </Title>
          <Button size="xs" variant="light" onClick={onCheck} loading={checking}>
            Check again
          </Button>
        </Group>
        <Reachability reachable={reachable} />
        <ProxyLine status={proxyStatus} />
        {answer ? (
          <Stack gap={2}>
            <Text size="sm">
              The dashboard reports {answer.routeCount ?? '?'} routes and {answer.certCount ?? '?'} certificates.
            </Text>
            <Text size="xs" c="dimmed">
              Its health answer does not say whether the proxy itself is up; see each route&apos;s live state.
              {answer.version
                ? ` Key API ${answer.version} (the API's own constant, not the dashboard's release).`
                : ''}
            </Text>
          </Stack>
        ) : null}
        {reachable === false ? (
          <Text size="sm" c="red">
            {errorMessage(unreachableError)}
          </Text>
        ) : null}
        {health && !health.ok && health.error.code !== proxyErrorCodes.keyRejected ? (
          <Text size="sm" c="dimmed">
            Health: {health.error.envelope.msg}
          </Text>
        ) : null}
        <KeyScopes checkedAt={checkedAt} />
      </Stack>
    </Card>
  );
}
