import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { LoadError } from '../../components/load-error';
import type { OwnSession } from '../../shared/bff/protocol';
import { useEndOwnSession } from './api/end-own-session';
import { useOwnSessions } from './api/get-own-sessions';
import { ConfirmAction } from '../../components/confirm-action';

const when = (ms: number) => new Date(ms).toLocaleString();

function EndSessionModal({ session, onClose }: { session: OwnSession | null; onClose: () => void }) {
  const end = useEndOwnSession();
  const confirm = () => {
    if (!session) return;
    end.mutate(session.handle, {
      onSuccess: () => {
        notify('success', `end-session-${session.handle}`, 'Session ended', 'That browser is signed out.');
        onClose();
      },
    });
  };
  return (
    <ConfirmAction
      opened={session !== null}
      onClose={onClose}
      title="Sign that browser out?"
      confirmLabel="Sign out that browser"
      onConfirm={confirm}
      pending={end.isPending}
      error={end.error}
    >
      <Text size="sm">
        The session signed in {session ? when(session.createdAt) : ''} ends now: that browser has to sign in again. This
        browser stays signed in.
      </Text>
    </ConfirmAction>
  );
}

/** "Your sessions": every browser signed in to the console as you, and a way to sign the others out. */
export function SessionsSection() {
  const sessions = useOwnSessions();
  const [ending, setEnding] = useState<OwnSession | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="own-sessions-title">
      <Stack gap="sm">
        <Title order={3} id="own-sessions-title">
          Your sessions
        </Title>
        <Text size="sm" c="dimmed">
          Browsers signed in to this console as you. A session you do not recognise can be signed out here; a session
          unused for a while ends by itself.
          {sessions.data?.limit
            ? ` You can be signed in on at most ${sessions.data.limit} browsers: signing in on another signs the oldest out.`
            : ''}
        </Text>
        {/* Not DataTable: a person has a few sessions at most (the session cap), shown in full in the page;
            DataTable's scrolling viewport and fixed row height are for long lists. */}
        {sessions.isPending ? (
          <Text c="dimmed">Loading your sessions…</Text>
        ) : sessions.isError ? (
          <LoadError
            title="Your sessions could not be loaded"
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
          />
        ) : (
          <Table aria-label="Your sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last active</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.sessions.map((s) => (
                <Table.Tr key={s.handle}>
                  <Table.Td>{when(s.createdAt)}</Table.Td>
                  <Table.Td>{when(s.lastSeenAt)}</Table.Td>
                  <Table.Td>
                    {s.current ? (
                      <Badge variant="light">This browser</Badge>
                    ) : (
                      <Button size="xs" variant="light" color="red" onClick={() => setEnding(s)}>
                        Sign out
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <EndSessionModal session={ending} onClose={() => setEnding(null)} />
    </Paper>
  );
}
