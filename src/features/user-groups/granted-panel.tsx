import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { LoadError } from '../../components/load-error';
import type { UserGroup } from '../../shared/svc/user-groups';
import { describeRoute, grantsForGroup, type Grant } from './grants';
import type { GroupData } from './use-group-data';
import { usePermissionSources } from './use-permission-sources';
import { countOf } from '../../client/count-of';

/**
 * The reverse view: every realm setting, channel permission and group permission whose value includes this
 * group, directly or through its being (at any depth) a subgroup of a group named there.
 */
export function GrantedPanel({ group, data }: { group: UserGroup; data: GroupData }) {
  const { sources, pending, error, retry } = usePermissionSources(data);
  const grants = useMemo(() => grantsForGroup(group.id, sources, data.groups), [group.id, sources, data.groups]);

  const columns: DataTableColumn<Grant>[] = [
    {
      id: 'permission',
      header: 'Permission',
      width: 'minmax(10rem, 1fr)',
      cell: ({ source }) => (
        <Stack gap={0}>
          <Text size="sm" truncate>
            {source.label}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {source.scope}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'through',
      header: 'Through',
      width: 'minmax(14rem, 2fr)',
      cell: ({ source, route }) => (
        <Text size="sm" style={{ whiteSpace: 'normal' }}>
          {describeRoute(null, route, source.reference, data.groupName)}
        </Text>
      ),
    },
  ];

  if (error) return <LoadError title="Permissions could not be loaded" error={error} onRetry={retry} />;
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {pending
          ? 'Loading permissions…'
          : `${countOf(grants.length, 'permission', 'permissions')} granted to this group`}
      </Text>
      {group.deactivated ? (
        <Text size="sm" c="dimmed">
          A deactivated group is not used in permissions; settings that still name it are listed.
        </Text>
      ) : null}
      <DataTable
        label="Granted to this group"
        rows={grants}
        columns={columns}
        getRowId={(g) => g.source.key}
        rowHeight={72}
        height="min(55vh, 520px)"
        minWidth={520}
        empty={pending ? 'Loading…' : 'Nothing is granted to this group.'}
      />
    </Stack>
  );
}
