import { Button, Group, Select, TextInput } from '@mantine/core';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { auditOutcomes, auditTargetTypes } from '../../shared/bff/audit';
import { operationLabel, outcomeLabel, recordTypeLabel } from '../../shared/labels';
import { useAuditOperations } from './api/get-audit-operations';
import type { useAuditSearch } from './use-audit-search';

/** An ISO time as a `datetime-local` input value (local time), and back. */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The recorded operations by name, sorted as read; one in the URL that was never recorded stays choosable. */
function operationChoices(ids: readonly string[], current: string | undefined) {
  const all = current && !ids.includes(current) ? [...ids, current] : ids;
  // A shared link may name several (`updateChannel,archiveChannel`): each by name.
  return all
    .map((id) => ({ value: id, label: id.split(',').map(operationLabel).join(', ') }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

type AuditSearch = ReturnType<typeof useAuditSearch>;

/** Actor always in view; the other filters fold away on a narrow screen. */
export function AuditFilters({ search, canClear }: { search: AuditSearch; canClear: boolean }) {
  const f = search.filter;
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        label="Actor"
        placeholder="Email or user ID"
        value={f.actor ?? ''}
        onChange={(e) => search.setText('actor', e.currentTarget.value)}
        w={200}
      />
      <CollapsibleFilters
        active={[f.operation, f.targetType, f.target, f.outcome, f.from, f.to].filter((v) => v !== undefined).length}
      >
        <RecordFilters search={search} />
        <TimeFilters search={search} />
        <Button variant="subtle" onClick={search.clear} disabled={!canClear}>
          Clear filters
        </Button>
      </CollapsibleFilters>
    </Group>
  );
}

function RecordFilters({ search }: { search: AuditSearch }) {
  const operations = useAuditOperations();
  const f = search.filter;
  return (
    <>
      <Select
        label="Operation"
        placeholder="Any"
        searchable
        clearable
        data={operationChoices(operations.data ?? [], f.operation)}
        value={f.operation ?? null}
        onChange={(value) => search.set('operation', value)}
        w={220}
      />
      <Select
        label="Target type"
        placeholder="Any"
        clearable
        data={auditTargetTypes.map((t) => ({ value: t, label: recordTypeLabel(t) }))}
        value={f.targetType ?? null}
        onChange={(value) => search.set('targetType', value)}
        w={140}
      />
      <TextInput
        label="Target"
        placeholder="ID or name"
        value={f.target ?? ''}
        onChange={(e) => search.setText('target', e.currentTarget.value)}
        w={180}
      />
      <Select
        label="Outcome"
        placeholder="Any"
        clearable
        data={auditOutcomes.map((o) => ({ value: o, label: outcomeLabel(o) }))}
        value={f.outcome ?? null}
        onChange={(value) => search.set('outcome', value)}
        w={130}
      />
    </>
  );
}

function TimeFilters({ search }: { search: AuditSearch }) {
  const f = search.filter;
  return (
    <>
      <TextInput
        type="datetime-local"
        label="From"
        value={toLocalInput(f.from)}
        onChange={(e) => search.set('from', fromLocalInput(e.currentTarget.value))}
        w={200}
      />
      <TextInput
        type="datetime-local"
        label="To"
        // The range is empty when it ends before it starts: said on the field, not as "No entries match".
        error={
          f.from && f.to && Date.parse(f.to) < Date.parse(f.from) ? 'Before “From”: no entry can match' : undefined
        }
        value={toLocalInput(f.to)}
        onChange={(e) => search.set('to', fromLocalInput(e.currentTarget.value))}
        w={200}
      />
    </>
  );
}
