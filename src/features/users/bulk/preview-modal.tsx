import { Alert, Badge, Button, Group, List, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmationMatches, type BulkPreview, type BulkRun } from '../../../shared/bff/bulk';
import { ServerError } from '../../../components/server-error';
import { formatCount, formatUserCount } from '../format';
import { startBulk } from './api';

/** Affected and skipped users listed by name; beyond this many each list says how many more. */
const LIST_LIMIT = 200;

/** "…and N more" under a list cut at LIST_LIMIT. */
function More({ total }: { total: number }) {
  return total > LIST_LIMIT ? (
    <Text size="xs" c="dimmed">
      …and {formatCount(total - LIST_LIMIT)} more
    </Text>
  ) : null;
}

/** Who the action reaches, by name (or why nobody is). */
function AffectedUsers({ preview }: { preview: BulkPreview }) {
  const count = preview.affected.length;
  return (
    <section aria-label="Affected users">
      <Text size="sm" fw={500}>
        Affected: {formatUserCount(count)}
      </Text>
      {count > 0 ? (
        <ScrollArea.Autosize mah={160} type="auto">
          <List size="sm" spacing={2}>
            {preview.affected.slice(0, LIST_LIMIT).map((u) => (
              <List.Item key={u.userId}>
                {u.name}{' '}
                <Text span size="xs" c="dimmed">
                  {u.email}
                </Text>
              </List.Item>
            ))}
          </List>
          <More total={count} />
        </ScrollArea.Autosize>
      ) : (
        <Text size="sm" c="dimmed" role="note">
          {preview.undoOf
            ? 'Nothing left to undo: nobody is still as the run left them (see why below).'
            : 'Nobody: every selected user is skipped.'}
        </Text>
      )}
    </section>
  );
}

/** Who is left out, each with the reason. */
function SkippedUsers({ skipped }: { skipped: BulkPreview['skipped'] }) {
  if (skipped.length === 0) return null;
  return (
    <section aria-label="Skipped users">
      <Text size="sm" fw={500}>
        Skipped: {formatUserCount(skipped.length)}
      </Text>
      <ScrollArea.Autosize mah={200} type="auto">
        <Table striped withRowBorders={false} verticalSpacing={4} fz="sm" aria-label="Skipped users and why">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {skipped.slice(0, LIST_LIMIT).map((s) => (
              <Table.Tr key={s.userId}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.reasonText}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <More total={skipped.length} />
      </ScrollArea.Autosize>
    </section>
  );
}

/** The typed confirmation of a destructive action: its phrase shown as it must be typed. */
function ConfirmationField({ phrase, typed, onType }: { phrase: string; typed: string; onType: (t: string) => void }) {
  return (
    <TextInput
      label={
        <>
          Type{' '}
          <Badge variant="light" tt="none">
            {phrase}
          </Badge>{' '}
          to confirm
        </>
      }
      value={typed}
      onChange={(event) => onType(event.currentTarget.value)}
      autoComplete="off"
      data-autofocus
    />
  );
}

/**
 * A bulk action's preview: who is affected, who is skipped and why, then the typed confirmation for a
 * destructive action; the BFF checks the same text before it starts the run.
 */
export function PreviewStep({
  preview,
  onStarted,
  onBack,
}: {
  preview: BulkPreview;
  onStarted: (run: BulkRun) => void;
  onBack: () => void;
}) {
  const [typed, setTyped] = useState('');
  const start = useMutation({ mutationFn: () => startBulk(preview, typed), onSuccess: onStarted });
  const count = preview.affected.length;
  const confirmed = preview.confirmation === null || confirmationMatches(preview.confirmation, typed);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (count > 0 && confirmed) start.mutate();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text fw={600}>{preview.label}</Text>
        <AffectedUsers preview={preview} />
        <SkippedUsers skipped={preview.skipped} />
        {preview.confirmation !== null && count > 0 ? (
          <ConfirmationField phrase={preview.confirmation} typed={typed} onType={setTyped} />
        ) : null}
        {preview.undoOf ? (
          <Alert variant="light" color="blue" role="note">
            Only rows that succeeded in the original run are included.
          </Alert>
        ) : null}
        <ServerError error={start.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={start.isPending}>
            Back
          </Button>
          <Button
            type="submit"
            color={preview.confirmation ? 'red' : undefined}
            disabled={count === 0 || !confirmed}
            loading={start.isPending}
          >
            {preview.undoOf ? 'Start undo' : 'Start'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The undo of a finished run, with its own preview. */
export function UndoModal({
  preview,
  onClose,
  onStarted,
}: {
  preview: BulkPreview | null;
  onClose: () => void;
  onStarted: (run: BulkRun) => void;
}) {
  return (
    <Modal
      opened={preview !== null}
      onClose={onClose}
      size="lg"
      title="Undo: preview"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {preview ? <PreviewStep preview={preview} onStarted={onStarted} onBack={onClose} /> : null}
    </Modal>
  );
}
