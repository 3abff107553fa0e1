import { Select, Stack, Text, TextInput, Title, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { LoadError } from '../../components/load-error';
import { useFeature } from '../../client/use-role';
import { CHANNEL_PERMISSION_LABELS } from '../../shared/labels';
import { ROLE } from '../../shared/svc/roles';
import type { Person } from '../../client/people';
import { describeRoute, grantsForUser, holdersOf, type Grant, type PermissionKind, type Route } from './grants';
import type { GroupData } from './use-group-data';
import { usePermissionSources } from './use-permission-sources';

const KIND_HEADINGS: Readonly<Record<PermissionKind, string>> = {
  realm: 'Organization',
  channel: 'Channels',
  group: 'User groups',
};

interface WhoCanDoWhatProps {
  data: GroupData;
  userId: number | null;
  onUser: (id: number | null) => void;
  permission: string | null;
  onPermission: (key: string | null) => void;
}

interface HolderRow {
  person: Person;
  route: Route;
}

/**
 * Pick a person: every group-based permission they hold and through which chain. Pick a permission:
 * everyone who holds it, with the chain for each. Long lists are virtualized.
 */
export function WhoCanDoWhat({ data, userId, onUser, permission, onPermission }: WhoCanDoWhatProps) {
  const { sources, pending, error, retry } = usePermissionSources(data);
  if (error) return <LoadError title="Permissions could not be loaded" error={error} onRetry={retry} />;
  return (
    <Stack gap="xl">
      <WhatAPersonCanDo data={data} sources={sources} pending={pending} userId={userId} onUser={onUser} />
      <WhoHoldsAPermission data={data} sources={sources} permission={permission} onPermission={onPermission} />
    </Stack>
  );
}

type Sources = ReturnType<typeof usePermissionSources>['sources'];

function grantColumns(personName: string, groupName: GroupData['groupName']): DataTableColumn<Grant>[] {
  return [
    {
      id: 'permission',
      header: 'Permission',
      width: 'minmax(10rem, 1fr)',
      cell: ({ source: s }) => <TwoLines first={s.label} second={s.scope} />,
    },
    {
      id: 'through',
      header: 'Through',
      width: 'minmax(16rem, 2fr)',
      cell: ({ source: s, route }) => (
        <Text size="sm" style={{ whiteSpace: 'normal' }}>
          {describeRoute(personName, route, s.reference, groupName)}
        </Text>
      ),
    },
  ];
}

function holderColumns(reference: string, groupName: GroupData['groupName']): DataTableColumn<HolderRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(10rem, 1fr)',
      cell: (r) => <TwoLines first={r.person.full_name} second={r.person.email} />,
    },
    {
      id: 'through',
      header: 'Through',
      width: 'minmax(16rem, 2fr)',
      cell: (r) => (
        <Text size="sm" style={{ whiteSpace: 'normal' }}>
          {describeRoute(r.person.full_name, r.route, reference, groupName)}
        </Text>
      ),
    },
  ];
}

function TwoLines({ first, second }: { first: string; second: string | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="sm" truncate>
        {first}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {second}
      </Text>
    </Stack>
  );
}

/** The person's grants, narrowed by the filter's words (permission, scope or the chain behind it). */
function useGrants(data: GroupData, sources: Sources, person: Person | undefined, filter: string) {
  const grants = useMemo(
    () => (person ? grantsForUser(person.user_id, sources, data.groups, { isGuest: person.role === ROLE.guest }) : []),
    [person, sources, data.groups],
  );
  const needle = useDeferredValue(filter).trim().toLowerCase();
  const shown = useMemo(
    () =>
      needle === ''
        ? grants
        : grants.filter((g) =>
            [g.source.label, g.source.scope, describeRoute(null, g.route, g.source.reference, data.groupName)]
              .join('\n')
              .toLowerCase()
              .includes(needle),
          ),
    [grants, needle, data.groupName],
  );
  return { grants, shown };
}

interface WhatAPersonCanDoProps {
  data: GroupData;
  sources: Sources;
  pending: boolean;
  userId: number | null;
  onUser: (id: number | null) => void;
}

function WhatAPersonCanDo({ data, sources, pending, userId, onUser }: WhatAPersonCanDoProps) {
  const person = userId === null ? undefined : data.personById.get(userId);
  const peopleOptions = useMemo(
    () =>
      data.people
        .filter((p) => p.is_active)
        .map((p) => ({ value: String(p.user_id), label: p.email ? `${p.full_name} (${p.email})` : p.full_name })),
    [data.people],
  );
  const [grantFilter, setGrantFilter] = useState('');
  const { grants, shown } = useGrants(data, sources, person, grantFilter);
  return (
    <Stack gap="sm">
      <Title order={3}>What a person can do</Title>
      <Select
        label="Person"
        placeholder="Search people"
        data={peopleOptions}
        value={userId === null ? null : String(userId)}
        onChange={(v) => onUser(v === null ? null : Number(v))}
        searchable
        clearable
        limit={50}
        nothingFoundMessage="No matching people"
        w="100%"
        maw={420}
      />
      {person ? (
        <>
          <Text size="sm" role="status">
            {pending
              ? 'Loading permissions…'
              : `${person.full_name} holds ${grants.length.toLocaleString()} group-based ${grants.length === 1 ? 'permission' : 'permissions'}`}
          </Text>
          {person.role === ROLE.guest ? (
            <Text size="xs" c="dimmed">
              Guests never hold group permissions that may not be given to everyone; those are left out.
            </Text>
          ) : null}
          <TextInput
            label="Filter permissions"
            placeholder="Permission, channel or group"
            value={grantFilter}
            onChange={(e) => setGrantFilter(e.currentTarget.value)}
            w="100%"
            maw={420}
          />
          <DataTable
            label="Permissions held"
            rows={shown}
            columns={grantColumns(person.full_name, data.groupName)}
            getRowId={(g) => g.source.key}
            rowHeight={72}
            height="min(50vh, 480px)"
            minWidth={560}
            empty={pending ? 'Loading…' : 'No group-based permissions.'}
          />
        </>
      ) : null}
    </Stack>
  );
}

interface WhoHoldsAPermissionProps {
  data: GroupData;
  sources: Sources;
  permission: string | null;
  onPermission: (key: string | null) => void;
}

function WhoHoldsAPermission({ data, sources, permission, onPermission }: WhoHoldsAPermissionProps) {
  // Channels carry who may start new topics from level 441; an older server has no such permission to list.
  const topicStarters = useFeature('canCreateTopicGroup');
  const permissionOptions = useMemo((): ComboboxItemGroup<ComboboxItem>[] => {
    const kinds: PermissionKind[] = ['realm', 'channel', 'group'];
    return kinds
      .map((kind) => ({
        group: KIND_HEADINGS[kind],
        items: sources.filter((s) => s.kind === kind).map((s) => ({ value: s.key, label: `${s.label} (${s.scope})` })),
      }))
      .filter((g) => g.items.length > 0);
  }, [sources]);
  const source = sources.find((s) => s.key === permission) ?? null;
  const holders = useMemo((): HolderRow[] => {
    if (!source) return [];
    const rows: HolderRow[] = [];
    for (const [id, route] of holdersOf(source.value, data.groups)) {
      const p = data.personById.get(id);
      if (!p || !p.is_active) continue;
      if (source.guestsExcluded && p.role === ROLE.guest) continue;
      rows.push({ person: p, route });
    }
    return rows.sort((a, b) => a.person.full_name.localeCompare(b.person.full_name));
  }, [source, data.groups, data.personById]);

  return (
    <Stack gap="sm">
      <Title order={3}>Who holds a permission</Title>
      <Select
        label="Permission"
        placeholder="Search permissions"
        data={permissionOptions}
        value={source ? source.key : null}
        onChange={onPermission}
        searchable
        clearable
        limit={100}
        nothingFoundMessage="No matching permissions"
        w="100%"
        maw={520}
      />
      {topicStarters.reason ? (
        <Text size="xs" c="dimmed">
          {`“${CHANNEL_PERMISSION_LABELS.can_create_topic_group}” (channels) is not listed: ${topicStarters.reason}`}
        </Text>
      ) : null}
      {source ? (
        <>
          <Text size="sm" role="status">
            {`${holders.length.toLocaleString()} ${holders.length === 1 ? 'person holds' : 'people hold'} “${source.label}” (${source.scope})`}
          </Text>
          <DataTable
            label="People who hold it"
            rows={holders}
            columns={holderColumns(source.reference, data.groupName)}
            getRowId={(r) => r.person.user_id}
            rowHeight={72}
            height="min(50vh, 480px)"
            minWidth={560}
            empty="Nobody holds it."
          />
        </>
      ) : null}
    </Stack>
  );
}
