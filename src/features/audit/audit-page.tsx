import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { LoadError } from '../../components/load-error';
import { AUDIT_EXPORT_PATH, type AuditFilter } from '../../shared/bff/audit';
import { useAudit } from './api/get-audit';
import { columns, compactColumns } from './audit-columns';
import { AuditEntryDrawer } from './audit-entry-drawer';
import { AuditFilters } from './audit-filters';
import { filterQueryString } from './filter-query';
import { useAuditSearch } from './use-audit-search';
import { useRole } from '../../client/use-role';
import { RoleRefusal } from '../../components/role-refusal';
import { usePhone } from '../../components/use-phone';

/** Administrators: who did what through the console, filtered in the URL, live, exportable. */
export function AuditPage() {
  const { isAdmin } = useRole();
  if (!isAdmin)
    return (
      <RoleRefusal title="Audit" reason="For administrators only">
        The audit log shows what everyone changed through the console; only the organization’s administrators and owners
        can read it.
      </RoleRefusal>
    );
  return <AuditLog />;
}

function ExportButtons({ query }: { query: string }) {
  const exportHref = (format: 'csv' | 'json') => `${AUDIT_EXPORT_PATH}?format=${format}${query ? `&${query}` : ''}`;
  return (
    <Group gap="xs">
      <Button component="a" variant="default" href={exportHref('csv')} download>
        Export CSV
      </Button>
      <Button component="a" variant="default" href={exportHref('json')} download>
        Export JSON
      </Button>
    </Group>
  );
}

function AuditLog() {
  const search = useAuditSearch();
  // Typing in a filter refetches once the typing pauses.
  const [filter] = useDebouncedValue<AuditFilter>(search.filter, 300);
  const audit = useAudit(filter);
  const phone = usePhone();
  const entries = useMemo(() => audit.data?.pages.flatMap((p) => p.entries) ?? [], [audit.data]);
  const selected = entries.find((e) => e.id === search.entry) ?? null;
  const exportQuery = filterQueryString(search.filter);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Audit</Title>
        <ExportButtons query={exportQuery} />
      </Group>
      <AuditFilters search={search} canClear={exportQuery !== ''} />
      <Group justify="space-between" gap="xs" mih={24}>
        <Text size="sm" role="status" aria-live="polite">
          {audit.isPending
            ? 'Loading the audit log…'
            : `${entries.length.toLocaleString()}${audit.hasNextPage ? '+' : ''} ${entries.length === 1 ? 'entry' : 'entries'}`}
        </Text>
        {audit.dataUpdatedAt > 0 && (
          <Text size="xs" c="dimmed">
            Live · checked {new Date(audit.dataUpdatedAt).toLocaleTimeString()}
          </Text>
        )}
      </Group>
      {audit.isError && !audit.data ? (
        <LoadError title="Cannot load the audit log" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <DataTable
          label="Audit log"
          rows={entries}
          columns={phone ? compactColumns : columns}
          getRowId={(e) => e.id}
          selectedId={search.entry}
          onSelect={(e) => search.select(e.id)}
          rowHeight={phone ? 56 : 44}
          minWidth={phone ? 0 : 1000}
          empty={audit.isPending ? 'Loading…' : 'No entries match these filters.'}
        />
      )}
      {audit.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            Load older entries
          </Button>
        </Group>
      )}
      <AuditEntryDrawer entry={selected} onClose={() => search.select(null)} />
    </Stack>
  );
}
