import { Anchor, Badge, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { userSettingsDefaultsQueryOptions } from '../../client/reference-data/user-settings-defaults';
import { describeUserSetting, permissionLabel, systemGroupLabel } from '../../shared/labels';
import type { Channel } from '../../shared/svc/channels';
import { inviteRoleLabel } from '../../shared/svc/invites';
import { roleHolds, type GroupRef } from '../../shared/svc/role-grants';
import type { GrantChoices } from './invite-grant';
import { href, paths } from '../../shared/app-paths';

const ROLE_GROUP: Readonly<Record<number, string>> = {
  100: 'role:owners',
  200: 'role:administrators',
  300: 'role:moderators',
  400: 'role:members',
  600: 'role:everyone',
};

export interface FirstDay {
  channels: { id: number; name: string; why: 'chosen' | 'default' }[];
  groups: { id: number; name: string; why: 'chosen' | 'role' }[];
  permissions: { key: string; label: string; holds: boolean }[];
}

/** What someone invited now with this grant would get, from the organization's live data. */
export function firstDay(
  grant: Pick<GrantChoices, 'role' | 'channelIds' | 'groupIds' | 'includeDefaults'>,
  channels: readonly Channel[],
  groups: readonly (GroupRef & { is_system_group?: boolean; deactivated?: boolean | undefined })[],
  realm: Readonly<Record<string, unknown>> | null,
): FirstDay {
  const role = Number(grant.role);
  const chosen = new Set(grant.channelIds.map(Number));
  const outChannels: FirstDay['channels'] = [];
  for (const c of channels) {
    if (chosen.has(c.stream_id)) outChannels.push({ id: c.stream_id, name: c.name, why: 'chosen' });
    else if (grant.includeDefaults && (c as { is_default?: boolean }).is_default) {
      outChannels.push({ id: c.stream_id, name: c.name, why: 'default' });
    }
  }
  const chosenGroups = new Set(grant.groupIds.map(Number));
  const outGroups = groups.flatMap((g): FirstDay['groups'] => {
    // A system group by the name people use ("Members"), never its API name (`role:members`).
    const name = systemGroupLabel(g.name) ?? g.name;
    if (chosenGroups.has(g.id)) return [{ id: g.id, name, why: 'chosen' as const }];
    return g.name === ROLE_GROUP[role] ? [{ id: g.id, name, why: 'role' as const }] : [];
  });
  const permissions = Object.entries(realm ?? {})
    .filter(([key]) => key.startsWith('realm_') && key.endsWith('_group'))
    .flatMap(([key, value]) => {
      const holds = roleHolds(role, value, groups);
      return holds === null ? [] : [{ key, label: permissionLabel(key), holds }];
    })
    .sort((a, b) => a.label.localeCompare(b.label));
  return { channels: outChannels, groups: outGroups, permissions };
}

// The same copy as the defaults page's, kept current by the same event handler.
function useNewUserDefaults() {
  return useQuery(userSettingsDefaultsQueryOptions());
}

type PreviewGroups = readonly (GroupRef & { is_system_group?: boolean; deactivated?: boolean | undefined })[];

/** "A new member's first day": channels, groups, permissions and default settings for the grant being written. */
export function FirstDayPreview({
  grant,
  channels,
  groups,
  realm,
}: {
  grant: GrantChoices | null;
  channels: readonly Channel[];
  groups: PreviewGroups;
  realm: Readonly<Record<string, unknown>> | null;
}) {
  const effective = grant ?? { role: '400', channelIds: [], groupIds: [], includeDefaults: true, expiry: '' };
  const day = firstDay(effective, channels, groups, realm);
  return (
    <Stack gap="sm" role="region" aria-label="A new member's first day">
      <Title order={3} size="h4">
        A new member&apos;s first day
      </Title>
      <Text size="sm" c="dimmed">
        Someone invited now as <b>{inviteRoleLabel(Number(effective.role))}</b> would get this, from the organization as
        it is right now.
      </Text>
      <ChannelsPart channels={day.channels} />
      <GroupsPart groups={day.groups} />
      <PermissionsPart permissions={day.permissions} />
      <SettingsPart />
    </Stack>
  );
}

function ChannelsPart({ channels }: { channels: FirstDay['channels'] }) {
  return (
    <>
      <Title order={4} size="h5">
        Channels ({channels.length})
      </Title>
      {channels.length === 0 ? (
        <Text size="sm">No channels: they start with none.</Text>
      ) : (
        <List size="sm" spacing={2} aria-label="Channels they will be subscribed to">
          {channels.map((c) => (
            <List.Item key={c.id}>
              <Anchor component={Link} to={href('channels', { search: { channel: c.id } })} size="sm">
                {c.name}
              </Anchor>{' '}
              {c.why === 'default' ? (
                <Badge size="xs" variant="light">
                  default channel
                </Badge>
              ) : null}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}

function GroupsPart({ groups }: { groups: FirstDay['groups'] }) {
  return (
    <>
      <Title order={4} size="h5">
        Groups
      </Title>
      <Group gap={6}>
        {groups.map((g) => (
          <Anchor key={g.id} component={Link} to={href('groups', { search: { group: g.id } })} size="sm">
            {g.name}
            {g.why === 'role' ? ' (by their role)' : ''}
          </Anchor>
        ))}
      </Group>
    </>
  );
}

function PermissionsPart({ permissions }: { permissions: FirstDay['permissions'] }) {
  const held = permissions.filter((p) => p.holds);
  const notHeld = permissions.filter((p) => !p.holds);
  return (
    <>
      <Title order={4} size="h5">
        Permissions ({held.length} of {permissions.length})
      </Title>
      {/* Every one listed: a capped scroll box hid most of them without saying so. */}
      <List size="sm" spacing={2} aria-label="Permissions they will hold">
        {held.map((p) => (
          <List.Item key={p.key}>{p.label}</List.Item>
        ))}
      </List>
      {notHeld.length > 0 ? (
        <Text size="xs" c="dimmed">
          Not theirs: {notHeld.map((p) => p.label).join(' · ')}
        </Text>
      ) : null}
      <Anchor component={Link} to={paths.groups} size="xs">
        Change who can do what
      </Anchor>
    </>
  );
}

function SettingsPart() {
  const defaults = useNewUserDefaults();
  return (
    <>
      <Title order={4} size="h5">
        Their settings
      </Title>
      {defaults.data?.defaults ? (
        <SettingsList defaults={defaults.data.defaults} />
      ) : (
        <Text size="sm" c="dimmed">
          {defaults.isError ? 'The defaults for new users could not be read.' : 'Reading the defaults…'}
        </Text>
      )}
      <Anchor component={Link} to={paths.newUserDefaults} size="xs">
        Change the defaults for new users
      </Anchor>
    </>
  );
}

/** Settings shown before "Show all": enough to see what kind of list it is without a long scroll. */
const FIRST_SETTINGS = 8;

/**
 * The defaults a new member starts with, worded as the Defaults page words them ("Color theme: Automatic"),
 * the first few shown and the rest one press away, with how many there are.
 */
function SettingsList({ defaults }: { defaults: Readonly<Record<string, unknown>> }) {
  const [all, setAll] = useState(false);
  const entries = Object.entries(defaults).map(([name, value]) => ({ name, ...describeUserSetting(name, value) }));
  const shown = all ? entries : entries.slice(0, FIRST_SETTINGS);
  const hidden = entries.length - shown.length;
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={2}>
        {shown.map((e) => (
          <Text key={e.name} size="xs">
            {e.label}: <b>{e.value}</b>
          </Text>
        ))}
      </SimpleGrid>
      {hidden > 0 || all ? (
        <Group>
          <Button variant="subtle" size="compact-xs" onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? 'Show fewer settings' : `Show all ${entries.length} settings (${hidden} more)`}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
