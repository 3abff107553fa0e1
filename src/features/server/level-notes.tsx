import { Alert, List, Paper, Table, Text, Title } from '@mantine/core';
import { API_CHANGES, spellsNewWay } from '../../shared/svc/api-changes';
import { LEVEL_CHANGES, NEWEST_KNOWN_LEVEL, newerThanKnown } from '../../shared/svc/level-coverage';

/** The areas whose wire the console spells per level (the guesses above NEWEST_KNOWN_LEVEL are theirs first). */
const SPELLED_AREAS = [...new Set(Object.values(API_CHANGES).map((c) => c.area))].sort();

/** Said plainly when the server is newer than anything the console has been checked against. */
export function NewerServerNotice({ level }: { level: number }) {
  const sentence = newerThanKnown(level);
  if (!sentence) return null;
  return (
    <Alert color="orange" variant="light" title="Newer than this console has been checked against">
      <Text size="sm">{sentence}</Text>
      <Text size="sm" mt="xs">
        Relying on guesses there: {SPELLED_AREAS.join(', ')} are written and read as level {NEWEST_KNOWN_LEVEL} spells
        them, and every other page reads what level {NEWEST_KNOWN_LEVEL} sends. If the server changed something after
        that, you see its refusal in its own words, or a notice naming each record the console could not read — nothing
        is dropped in silence.
      </Text>
      <Text size="sm" mt="xs">
        The capabilities below are those the console knows; anything the server added after level {NEWEST_KNOWN_LEVEL}{' '}
        is not offered here.
      </Text>
    </Alert>
  );
}

/** How the console spells each changed parameter or field for this server, and what it leaves to other clients. */
export function SpellingSection({ level }: { level: number }) {
  const notOffered = LEVEL_CHANGES.filter((c) => c.coverage.status === 'not-offered' && c.levels[0]! <= level);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="spelling-heading">
      <Title order={3} size="h4" id="spelling-heading" mb="xs">
        Changes the console follows on this server
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Some things are sent or read differently from a feature level on; the console uses the form this server expects.
      </Text>
      {/* Not DataTable: a fixed, short list of changes whose sentences wrap; DataTable's rows have one fixed height. */}
      <Table striped aria-labelledby="spelling-heading">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Change</Table.Th>
            <Table.Th>On this server</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(Object.keys(API_CHANGES) as (keyof typeof API_CHANGES)[]).map((id) => (
            <Table.Tr key={id}>
              <Table.Td>{API_CHANGES[id].summary}</Table.Td>
              <Table.Td>
                {spellsNewWay(id, level) ? 'The new way' : 'The old way'} (changed at level {API_CHANGES[id].level})
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {notOffered.length > 0 ? (
        <>
          <Text size="sm" fw={600} mt="md">
            This server offers, and the console leaves to other clients:
          </Text>
          <List size="sm" mt={4} aria-label="Not offered by this console">
            {notOffered.map((c) => (
              <List.Item key={c.what}>
                {c.what} (level {c.levels.join(' and ')}): {c.coverage.status === 'not-offered' ? c.coverage.why : ''}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Paper>
  );
}
