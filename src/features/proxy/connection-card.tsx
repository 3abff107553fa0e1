import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../client/api-error';
import { CHECKED_SCOPES, proxyErrorCodes, type ProxyHealth } from '../../shared/proxy';
import type { Outcome } from './api/call-proxy';
import { SCOPE_LABELS, useKeyStatus, type ScopeState } from './key-status';

interface ConnectionCardProps {
  /** The last overview answer, or null before the first one. */
  health: Outcome<ProxyHealth> | null;
  /** The dashboard answered at all (any answer, refusals included). */
  reachable: boolean | null;
  unreachableError: unknown;
  checkedAt: number | null;
  checking: boolean;
  onCheck: () => void;
}

function ScopeBadge({ state }: { state: ScopeState }) {
  if (state.state === 'allowed')
    return (
      <Badge color="teal" variant="light">
        Allowed
      </Badge>
    );
  if (state.state === 'refused')
    return (
      <Badge color="red" variant="light">
        Refused
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      Not tried yet
    </Badge>
  );
}

/** Reachability of the dashboard and what the console's key may do, learned from answers and refusals. */
export function ConnectionCard({
  health,
  reachable,
  unreachableError,
  checkedAt,
  checking,
  onCheck,
}: ConnectionCardProps) {
  const status = useKeyStatus();
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
      </Stack>
    </Card>
  );
}
