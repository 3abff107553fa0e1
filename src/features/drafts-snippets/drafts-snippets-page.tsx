import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';

import { useFeature, useFeatureLevel } from '../../client/use-role';
import { SNIPPET_LEVELS, type Draft, type SavedSnippet } from '../../shared/svc/drafts';
import { useDraftChannels } from './api/get-channels';
import { useDrafts } from './api/get-drafts';
import { useOwnSettings } from '../../client/reference-data/own-settings';
import { usePeople } from '../../client/people';
import { useSavedSnippets } from './api/get-saved-snippets';
import { DeleteDraftModal } from './delete-draft-modal';
import { DeleteSnippetModal } from './delete-snippet-modal';
import { DraftFormModal } from './draft-form-modal';
import { recipientLabel } from './recipients';
import { SnippetFormModal } from './snippet-form-modal';
import { LoadError } from '../../components/load-error';

/** The signed-in user's drafts (kept on the server, synchronized across devices) and saved snippets. */
export function DraftsSnippetsPage() {
  return (
    <Stack gap="xl">
      <Title order={2}>Drafts and snippets</Title>
      <DraftsSection />
      <SnippetsSection />
    </Stack>
  );
}

type DraftDialog = { kind: 'new' } | { kind: 'edit'; draft: Draft } | { kind: 'delete'; draft: Draft };

function formatTime(seconds: number | undefined): string {
  return seconds === undefined ? '' : new Date(seconds * 1000).toLocaleString();
}

function Loading({ what }: { what: string }) {
  return (
    <Group gap="xs">
      <Loader size="xs" aria-label="Loading" />
      <Text size="sm">Loading {what}…</Text>
    </Group>
  );
}

function DraftsSection() {
  const draftsQuery = useDrafts();
  const channelsQuery = useDraftChannels();
  const peopleQuery = usePeople();
  const [dialog, setDialog] = useState<DraftDialog | null>(null);
  const channels = useMemo(() => channelsQuery.data ?? [], [channelsQuery.data]);
  const people = useMemo(() => peopleQuery.data ?? [], [peopleQuery.data]);
  const channelsById = useMemo(() => new Map(channels.map((c) => [c.stream_id, c] as const)), [channels]);
  const peopleById = useMemo(() => new Map(people.map((p) => [p.user_id, p] as const)), [people]);
  const label = (draft: Draft) => recipientLabel(draft, channelsById, peopleById);
  const close = () => setDialog(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="drafts-heading">
      <Group justify="space-between" align="flex-end">
        <Title order={3} id="drafts-heading">
          Drafts
        </Title>
        <Button onClick={() => setDialog({ kind: 'new' })}>New draft</Button>
      </Group>
      <DraftSyncNote />
      {draftsQuery.isPending ? (
        <Loading what="drafts" />
      ) : draftsQuery.isError ? (
        <LoadError
          title="Drafts could not be loaded"
          error={draftsQuery.error}
          onRetry={() => void draftsQuery.refetch()}
        />
      ) : draftsQuery.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No drafts on the server.
        </Text>
      ) : (
        <DraftsTable drafts={draftsQuery.data} label={label} onOpen={setDialog} />
      )}
      <DraftFormModal
        opened={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        onClose={close}
        draft={dialog?.kind === 'edit' ? dialog.draft : null}
        channels={channels}
        people={people}
      />
      {dialog?.kind === 'delete' ? (
        <DeleteDraftModal draft={dialog.draft} recipient={label(dialog.draft)} opened onClose={close} />
      ) : null}
    </Stack>
  );
}

/** Whether the server keeps this user's drafts, from their own setting. */
function DraftSyncNote() {
  const ownSettings = useOwnSettings();
  return ownSettings.data?.enable_drafts_synchronization === false ? (
    <Alert color="yellow" variant="light" title="Drafts are not stored on the server" role="note" maw="48rem">
      Your setting “Save drafts on the server” is off: drafts stay on each of your devices, and the server refuses to
      store new ones. Turn the setting on in your chat app to keep drafts here.
    </Alert>
  ) : (
    <Text size="sm" maw="48rem">
      Drafts are kept on the server while your setting “Save drafts on the server” is on, and every device you use sees
      the same drafts. When it is off, drafts stay on each device and are not stored on the server.
    </Text>
  );
}

// Not DataTable: a draft's or snippet's content shows in full and wraps to any height, where DataTable's rows are
// virtualized at one fixed height. A person keeps a handful of drafts and snippets, so there is nothing to window.
function DraftsTable({
  drafts,
  label,
  onOpen,
}: {
  drafts: readonly Draft[];
  label: (draft: Draft) => string;
  onOpen: (dialog: DraftDialog) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Drafts" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Content</Table.Th>
            <Table.Th>Last edited</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.map((draft) => (
            <Table.Tr key={draft.id}>
              <Table.Td>{label(draft)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{draft.content}</Table.Td>
              <Table.Td>{formatTime(draft.timestamp)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => onOpen({ kind: 'edit', draft })}>
                    Edit
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => onOpen({ kind: 'delete', draft })}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type SnippetDialog =
  { kind: 'new' } | { kind: 'edit'; snippet: SavedSnippet } | { kind: 'delete'; snippet: SavedSnippet };

function SnippetsSection() {
  const level = useFeatureLevel();
  const available = level >= SNIPPET_LEVELS.list;
  const [dialog, setDialog] = useState<SnippetDialog | null>(null);
  const close = () => setDialog(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="snippets-heading">
      <Group justify="space-between" align="flex-end">
        <Title order={3} id="snippets-heading">
          Saved snippets
        </Title>
        {available ? <Button onClick={() => setDialog({ kind: 'new' })}>New snippet</Button> : null}
      </Group>
      {!available ? (
        <Alert color="yellow" title="Saved snippets are not available" role="note">
          Needs a newer chat server: feature level {SNIPPET_LEVELS.list}, this one is at {level}.
        </Alert>
      ) : (
        <SnippetList onOpen={setDialog} />
      )}
      <SnippetFormModal
        opened={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        onClose={close}
        snippet={dialog?.kind === 'edit' ? dialog.snippet : null}
      />
      {dialog?.kind === 'delete' ? <DeleteSnippetModal snippet={dialog.snippet} opened onClose={close} /> : null}
    </Stack>
  );
}

/** The saved snippets, filtered by title (shown only on a server that has them). */
function SnippetList({ onOpen }: { onOpen: (dialog: SnippetDialog) => void }) {
  const edit = useFeature('snippetEdit');
  const snippetsQuery = useSavedSnippets(true);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const wanted = filter.trim().toLowerCase();
    return (snippetsQuery.data ?? []).filter((s) => s.title.toLowerCase().includes(wanted));
  }, [snippetsQuery.data, filter]);
  return (
    <>
      {!edit.enabled ? (
        <Alert color="gray" variant="light" role="note">
          Editing: {edit.reason} Delete a snippet and create it again to change it.
        </Alert>
      ) : null}
      <TextInput
        label="Filter by title"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw="24rem"
      />
      {snippetsQuery.isPending ? (
        <Loading what="saved snippets" />
      ) : snippetsQuery.isError ? (
        <LoadError
          title="Saved snippets could not be loaded"
          error={snippetsQuery.error}
          onRetry={() => void snippetsQuery.refetch()}
        />
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {snippetsQuery.data.length === 0 ? 'No saved snippets yet.' : 'No saved snippet matches the filter.'}
        </Text>
      ) : (
        <SnippetsTable snippets={shown} canEdit={edit.enabled} onOpen={onOpen} />
      )}
    </>
  );
}

// Not DataTable: see DraftsTable.
function SnippetsTable({
  snippets,
  canEdit,
  onOpen,
}: {
  snippets: readonly SavedSnippet[];
  canEdit: boolean;
  onOpen: (dialog: SnippetDialog) => void;
}) {
  return (
    // A long title or content wraps inside the table; on a narrow screen the table scrolls in place.
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Saved snippets" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Content</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {snippets.map((snippet) => (
            <Table.Tr key={snippet.id}>
              <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '8rem' }}>{snippet.title}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{snippet.content}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {canEdit ? (
                    <Button size="xs" variant="light" onClick={() => onOpen({ kind: 'edit', snippet })}>
                      Edit
                    </Button>
                  ) : null}
                  <Button size="xs" variant="subtle" color="red" onClick={() => onOpen({ kind: 'delete', snippet })}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
