import { Alert, Anchor, Badge, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { usePeople, type Person } from '../../client/people';
import { useFeature, useFeatureLevel, useRole } from '../../client/use-role';
import { useRealmState } from '../../client/reference-data/realm-state';
import { valueAvailability } from '../../shared/svc/api-changes';
import { CardTable, type CardTableColumn } from '../../components/card-table/card-table';
import { LoadError } from '../../components/load-error';
import { ConfirmAction } from '../../components/confirm-action';
import { exportTypeLabel } from '../../shared/labels';
import { ROLE } from '../../shared/svc/roles';
import {
  EXPORT_TYPES,
  exportDownloadUrl,
  exportStatus,
  type ExportStatus,
  type ExportType,
  type RealmExport,
} from '../../shared/svc/organization-data';
import { useDataExports, useDeleteExport, useExportConsents, useRequestExport } from './api/data-exports';

const peopleById = (people: Person[]) => new Map(people.map((p) => [p.user_id, p] as const));

const STATUS: Record<ExportStatus, { label: string; color: string }> = {
  pending: { label: 'Being prepared', color: 'blue' },
  ready: { label: 'Ready', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  deleted: { label: 'Deleted', color: 'gray' },
};

// The labels dictionary's words, so the Audit page and this list name a kind alike.
const TYPE_LABELS: Record<ExportType, string> = {
  [EXPORT_TYPES.public]: exportTypeLabel(EXPORT_TYPES.public)!,
  [EXPORT_TYPES.withConsent]: exportTypeLabel(EXPORT_TYPES.withConsent)!,
  [EXPORT_TYPES.withoutConsent]: exportTypeLabel(EXPORT_TYPES.withoutConsent)!,
};

const isExportType = (v: unknown): v is ExportType => typeof v === 'string' && Object.hasOwn(TYPE_LABELS, v);

/** A kind the console does not know (a later server's) is named as the server spells it, in words. */
const typeLabel = (e: RealmExport) =>
  e.export_type === undefined
    ? 'Public data'
    : isExportType(e.export_type)
      ? TYPE_LABELS[e.export_type]
      : `Another kind (${String(e.export_type).replaceAll('_', ' ')})`;

const when = (seconds: number) => new Date(seconds * 1000).toLocaleString();

/** What each kind of export holds, said before anyone asks for one. */
const WHAT_IT_HOLDS: Record<ExportType, string> = {
  [EXPORT_TYPES.public]:
    'Public channels and their messages, people, groups, custom emoji and settings. Private channels and direct messages are left out.',
  [EXPORT_TYPES.withConsent]:
    'Everything a public export holds, plus the private channels and direct messages of the people who agreed to have their private data exported. People who did not agree are exported as deactivated, without their private data.',
  [EXPORT_TYPES.withoutConsent]:
    'Everything in the organization: every private channel and every direct message of every person, whether or not they agreed. Nobody is asked, and nobody is told by the export itself.',
};

/** Why a full export without consent cannot be asked for here, or null when it can. */
function useWithoutConsentGate(): string | null {
  const level = useFeatureLevel();
  const { isOwner } = useRole();
  const fullAccess = useRealmState((r) => r.realm_owner_full_content_access === true);
  const byLevel = valueAvailability('exportTypeWords', EXPORT_TYPES.withoutConsent, level);
  if (!byLevel.enabled) return byLevel.reason;
  if (!isOwner) return 'Only an owner of the organization can ask for it.';
  if (fullAccess.data !== true) {
    return fullAccess.isPending
      ? 'Checking whether this organization allows it…'
      : "This organization's security model does not give owners access to all private content (a setting only the server's administrator can change).";
  }
  return null;
}

/** Request an export (public, or with private data), follow its progress, download or delete it. */
export function DataExportsSection() {
  const exports = useDataExports();
  const typeGate = useFeature('exportType');
  const withoutConsentGate = useWithoutConsentGate();
  const people = usePeople(peopleById);
  const [type, setType] = useState<ExportType>(EXPORT_TYPES.public);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState<RealmExport | null>(null);

  const list = [...(exports.data ?? [])].sort((a, b) => b.id - a.id);

  return (
    <Stack gap="md" component="section" aria-labelledby="data-exports-title">
      <Title order={3} id="data-exports-title">
        Data exports
      </Title>
      <Text size="sm" maw="48rem">
        A copy of the organization&apos;s data, to keep or to move to another server. The chat server prepares it in the
        background — from seconds to an hour, by size — and this list follows it as it goes. It makes at most five
        exports in any seven days, deleted ones included.
      </Text>
      <ExportChoice
        type={type}
        onType={setType}
        people={people.data}
        withConsentReason={typeGate.reason}
        withoutConsentReason={withoutConsentGate}
        onRequest={() => setConfirming(true)}
      />
      {exports.isPending ? (
        <Text size="sm">Loading exports…</Text>
      ) : exports.isError ? (
        <LoadError
          title="Data exports could not be loaded"
          error={exports.error}
          onRetry={() => void exports.refetch()}
        />
      ) : list.length === 0 ? (
        <Text size="sm">No data exports yet.</Text>
      ) : (
        <CardTable
          label="Data exports"
          rows={list}
          getRowId={(e) => e.id}
          columns={exportColumns((e) => people.data?.get(e.acting_user_id), setDeleting)}
        />
      )}
      {confirming ? (
        <RequestExportModal type={typeGate.enabled ? type : undefined} onClose={() => setConfirming(false)} />
      ) : null}
      {deleting ? <DeleteExportModal item={deleting} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}

/** What to export, who consented, and the button that asks for it (the confirmation says the rest). */
function ExportChoice(props: {
  type: ExportType;
  onType: (type: ExportType) => void;
  people: Map<number, Person> | undefined;
  withConsentReason: string | null;
  withoutConsentReason: string | null;
  onRequest: () => void;
}) {
  const { type, onType, people, withConsentReason, withoutConsentReason, onRequest } = props;
  const consentGate = useFeature('exportConsents');
  const consents = useExportConsents(consentGate.enabled);
  const consented = consents.data?.filter((c) => c.consented) ?? [];
  const ownerConsented = consented.some((c) => people?.get(c.user_id)?.role === ROLE.owner);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Radio.Group
          label="What to export"
          value={type}
          onChange={(v) => onType(isExportType(v) ? v : EXPORT_TYPES.public)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value={EXPORT_TYPES.public} label="Public data" description={WHAT_IT_HOLDS[EXPORT_TYPES.public]} />
            <Radio
              value={EXPORT_TYPES.withConsent}
              label="Public data and the private data of those who consented"
              description={withConsentReason ?? WHAT_IT_HOLDS[EXPORT_TYPES.withConsent]}
              disabled={withConsentReason !== null}
            />
            <Radio
              value={EXPORT_TYPES.withoutConsent}
              label="Everything, including everyone’s private data, without consent"
              description={withoutConsentReason ?? WHAT_IT_HOLDS[EXPORT_TYPES.withoutConsent]}
              disabled={withoutConsentReason !== null}
            />
          </Stack>
        </Radio.Group>
        {consentGate.enabled ? (
          consents.isError ? (
            <LoadError
              title="Who consented could not be loaded"
              error={consents.error}
              onRetry={() => void consents.refetch()}
            />
          ) : consents.data ? (
            <Text size="sm" role="status" aria-label="Consent to private data export">
              {consented.length} of {consents.data.length} people agreed to have their private data exported
              {ownerConsented ? ', an owner among them.' : '; no owner has.'}
              {!ownerConsented && type === EXPORT_TYPES.withConsent
                ? ' The server refuses an export with private data until at least one owner agrees (each person chooses this in My account, under Data exports).'
                : ''}
            </Text>
          ) : null
        ) : (
          <Text size="sm" c="dimmed">
            Who consented: {consentGate.reason}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onRequest}>Request export…</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One export a column each: when, by whom, what it holds, how far the server got, and what can be done now. */
function exportColumns(
  byOf: (e: RealmExport) => Person | undefined,
  onDelete: (e: RealmExport) => void,
): readonly CardTableColumn<RealmExport>[] {
  return [
    { id: 'export', header: 'Export', primary: true, cell: (e) => `#${e.id}` },
    { id: 'requested', header: 'Requested', cell: (e) => when(e.export_time) },
    { id: 'by', header: 'By', cell: (e) => byOf(e)?.full_name ?? `User ${e.acting_user_id}` },
    { id: 'contents', header: 'Contents', cell: typeLabel },
    { id: 'status', header: 'Status', cell: (e) => <ExportStatusCell item={e} /> },
    { id: 'actions', header: 'Actions', actions: true, cell: (e) => <ExportActions item={e} onDelete={onDelete} /> },
  ];
}

function ExportStatusCell({ item: e }: { item: RealmExport }) {
  const status = exportStatus(e);
  return (
    <>
      <Badge color={STATUS[status].color} variant="light">
        {STATUS[status].label}
      </Badge>
      {status === 'failed' && e.failed_timestamp !== null ? (
        <Text size="xs" c="dimmed">
          {when(e.failed_timestamp)}
        </Text>
      ) : null}
    </>
  );
}

/** Download and Delete while the file exists; nothing (a dash) once it is gone or not made yet. */
function ExportActions({ item: e, onDelete }: { item: RealmExport; onDelete: (e: RealmExport) => void }) {
  const url = exportDownloadUrl(e);
  if (!url && exportStatus(e) !== 'ready') return <>—</>;
  return (
    <Group gap="xs">
      {url ? (
        <Anchor href={url} download rel="noreferrer" aria-label={`Download export #${e.id}`}>
          Download
        </Anchor>
      ) : null}
      {exportStatus(e) === 'ready' ? (
        <Button size="xs" color="red" variant="light" onClick={() => onDelete(e)} aria-label={`Delete export #${e.id}`}>
          Delete
        </Button>
      ) : null}
    </Group>
  );
}

function RequestExportModal({ type, onClose }: { type: ExportType | undefined; onClose: () => void }) {
  const request = useRequestExport();
  const effective = type ?? EXPORT_TYPES.public;
  const confirm = () =>
    request.mutate(type, {
      onSuccess: (answer) => {
        // Requested is all the answer says: the file is made later, and the list shows when it is.
        notify(
          'success',
          'data-export-requested',
          'Export requested',
          `The server is preparing export${answer.id !== undefined ? ` #${answer.id}` : ''}; the list shows it as Ready when the file is made.`,
        );
        onClose();
      },
    });
  return (
    <ConfirmAction
      opened
      onClose={onClose}
      title="Request a data export?"
      confirmLabel="Request export"
      onConfirm={confirm}
      tone={effective === EXPORT_TYPES.withoutConsent ? 'danger' : 'neutral'}
      pending={request.isPending}
      error={request.error}
    >
      <Text size="sm">
        <b>{TYPE_LABELS[effective]}.</b> {WHAT_IT_HOLDS[effective]}
      </Text>
      {effective === EXPORT_TYPES.withoutConsent ? (
        <Alert color="red" variant="light" title="Nobody's consent is asked">
          The file will hold every private channel and direct message in the organization, including those of people who
          refused to have their private data exported. Whoever gets the file can read all of it.
        </Alert>
      ) : null}
      <Text size="sm">
        Anyone who has the download link can download the file until it is deleted, so share the link only with those
        who should have the data. This counts towards the server&apos;s limit of five exports in seven days.
      </Text>
    </ConfirmAction>
  );
}

function DeleteExportModal({ item, onClose }: { item: RealmExport; onClose: () => void }) {
  const remove = useDeleteExport();
  const confirm = () =>
    remove.mutate(item.id, {
      onSuccess: () => {
        notify('success', `data-export-${item.id}`, 'Export deleted', `The file of export #${item.id} is deleted.`);
        onClose();
      },
    });
  return (
    <ConfirmAction
      opened
      onClose={onClose}
      title={`Delete export #${item.id}?`}
      confirmLabel="Delete export"
      onConfirm={confirm}
      pending={remove.isPending}
      error={remove.error}
    >
      <Text size="sm">
        The server deletes the export&apos;s file: its download link stops working. The export stays in the list as
        deleted, and still counts towards the limit of five exports in seven days.
      </Text>
      {remove.isError ? null : (
        <Alert color="gray" variant="light">
          Requested {when(item.export_time)}.
        </Alert>
      )}
    </ConfirmAction>
  );
}
