import { Alert, Badge, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { ServerError } from '../../components/server-error';
import type { RouteRecord } from '../../shared/proxy';
import { useKeyStatus } from './key-status';
import { clockTime, seenText, VerdictBadge } from './live-badge';
import type { LiveVerdict, SourceReading } from './live-verdict';
import { usePushAgain, type PushState } from './use-push-again';
import { writeFailureTitle } from './write-outcome';

const SOURCE_NAMES: Record<SourceReading['source'], string> = {
  'drift detector': 'Drift detector',
  'proxy configuration': "Proxy's configuration",
  'proxy status': 'Proxy status',
  'sync check': 'Sync check',
};

const AT_WORDS: Record<SourceReading['atIs'], string> = { since: 'since', read: 'read', checked: 'checked' };

/** "Drift detector: the route is missing in the proxy — since 10:04:12". */
export function readingText(reading: SourceReading): string {
  const at = reading.at ? ` — ${AT_WORDS[reading.atIs]} ${clockTime(reading.at)}` : '';
  return `${SOURCE_NAMES[reading.source]}: ${reading.said}${at}`;
}

/** What each source of the dashboard says about the route, with when; the verdict on top. */
export function LiveSection({
  route,
  verdict,
  reading,
}: {
  route: RouteRecord;
  verdict: LiveVerdict | null;
  reading: boolean;
}) {
  if (!verdict) {
    return (
      <Text size="sm" c="dimmed">
        {reading ? 'Reading the live state…' : 'The live state could not be read.'}
      </Text>
    );
  }
  const seen = seenText(verdict);
  return (
    <Stack gap={4} component="section" aria-label="Live state">
      <Group gap="xs">
        <Title order={4} size="h6">
          Live state
        </Title>
        <VerdictBadge verdict={verdict} />
        {route.maintenanceMode ? (
          <Badge color="yellow" variant="outline">
            Maintenance mode
          </Badge>
        ) : null}
        {route.archivedAt ? (
          <Badge color="gray" variant="outline">
            Archived {clockTime(route.archivedAt)}
          </Badge>
        ) : null}
        {reading ? <Loader size="xs" aria-label="Reading the live state" /> : null}
      </Group>
      <Text size="sm">
        {verdict.explanation}
        {seen ? ` ${seen}` : ''}
      </Text>
      {verdict.differences.length > 0 ? (
        <List size="sm" spacing={2} aria-label="Differences between the dashboard and the proxy">
          {verdict.differences.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : null}
      <Text size="xs" c="dimmed" mt={4}>
        What each source says
      </Text>
      <List size="xs" spacing={2} aria-label="What each source says">
        {verdict.readings.map((r) => (
          <List.Item key={r.source}>{readingText(r)}</List.Item>
        ))}
      </List>
      {verdict.staleCheck ? (
        <Text size="xs" c="dimmed">
          The route changed after the last sync check, so that check does not cover the change.
        </Text>
      ) : null}
      <Repair route={route} verdict={verdict} />
    </Stack>
  );
}

/** Whether re-sending the route can repair it: a disabled route stays in the proxy whatever the key API sends. */
function repairable(route: RouteRecord, verdict: LiveVerdict): boolean {
  return verdict.kind === 'missing-in-proxy' || (verdict.kind === 'differs' && route.enabled !== false);
}

function Repair({ route, verdict }: { route: RouteRecord; verdict: LiveVerdict }) {
  const canWrite = useKeyStatus()['routes:write'].state !== 'refused';
  const pushing = usePushAgain(route);
  if (verdict.kind === 'differs' && route.enabled === false) {
    return (
      <Text size="sm">
        Only the dashboard&apos;s own switch takes a disabled route out of the proxy: switch it off there to stop
        serving the domain.
      </Text>
    );
  }
  if (!repairable(route, verdict) && pushing.state.step === 'idle') return null;
  if (!canWrite) {
    return (
      <Text size="sm">
        The console&apos;s key cannot change routes (it lacks routes:write), so pushing this route to the proxy again
        must be done in the dashboard: saving the route there sends it to the proxy again.
      </Text>
    );
  }
  const busy = pushing.state.step === 'sending' || pushing.state.step === 'checking';
  return (
    <Stack gap="xs" mt="xs">
      {repairable(route, verdict) ? (
        <Group>
          <Button size="xs" variant="light" onClick={pushing.push} loading={busy}>
            Push this route to the proxy again
          </Button>
        </Group>
      ) : null}
      <PushOutcome
        state={pushing.state}
        onDismiss={pushing.dismiss}
        weighted={route.upstreams.some((u) => (u.weight ?? 1) !== 1)}
      />
    </Stack>
  );
}

/** What the push and its read-back showed; only the proxy's configuration may say the route is back. */
function PushOutcome({ state, onDismiss, weighted }: { state: PushState; onDismiss: () => void; weighted: boolean }) {
  if (state.step === 'idle') return null;
  if (state.step === 'failed') {
    return (
      <ServerError error={state.error} title={writeFailureTitle(state.error, 'The dashboard refused the route')} />
    );
  }
  const [color, title, body] =
    state.step === 'sending'
      ? ['gray', 'Sending the route to the dashboard…', null]
      : state.step === 'checking'
        ? ['gray', "Sent; reading the proxy's configuration…", null]
        : state.step === 'held'
          ? [
              'teal',
              'The proxy holds the route again',
              `Read from the proxy's configuration at ${clockTime(state.at)}.`,
            ]
          : [
              'orange',
              'Sent; the proxy has not picked it up yet',
              state.lastRead
                ? `The proxy's configuration was last read at ${clockTime(state.lastRead)} and does not hold the route.`
                : `The proxy's configuration could not be read (${state.reason ?? 'no answer'}).`,
            ];
  const done = state.step === 'held' || state.step === 'not-yet';
  return (
    <section aria-label="Push to the proxy">
      <Alert
        color={color}
        title={title}
        withCloseButton={done}
        closeButtonLabel="Dismiss"
        onClose={onDismiss}
        role="status"
      >
        {body}
        {state.step === 'not-yet' && weighted
          ? ' Its upstream weights other than 1 may be why: the proxy may refuse them, silently.'
          : ''}
      </Alert>
    </section>
  );
}
