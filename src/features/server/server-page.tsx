import type { ReactNode } from 'react';
import { Alert, Badge, Box, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';

import { sanitizeHtml } from '../../client/sanitize-html';
import { featureLevelOf, versionOf } from '../../shared/svc/features';
import type { ServerSettings } from '../../shared/svc/records';
import { useServerSettings } from './api/get-server-settings';
import { capabilityRows } from './capabilities';
import { absoluteUrl } from '../../shared/svc/urls';
import { LoadError } from '../../components/load-error';
import { NEWEST_KNOWN_LEVEL } from '../../shared/svc/level-coverage';
import { NewerServerNotice, SpellingSection } from './level-notes';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** What the chat server is, and which console capabilities it supports. */
export function ServerPage() {
  const settings = useServerSettings();
  if (settings.isPending) return <Text c="dimmed">Loading server information…</Text>;
  if (settings.isError) {
    return (
      <LoadError
        title="Server information could not be loaded"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <ServerDetails s={settings.data} />;
}

function ServerDetails({ s }: { s: ServerSettings }) {
  const level = featureLevelOf(s);
  const version = versionOf(s);
  const mergeBase = typeof s.svc_merge_base === 'string' ? s.svc_merge_base : s['zulip_merge_base'];
  const base = s.realm_url ?? s.realm_uri;
  const icon = absoluteUrl(s.realm_icon, base);
  const methods = Object.entries(s.authentication_methods ?? {}).filter(([, on]) => on);
  return (
    <Stack gap="lg">
      <Title order={2}>Server &amp; capabilities</Title>
      {s.is_incompatible ? (
        <Alert color="orange" title="Incompatible server">
          The server reports this console as an incompatible client. Some pages may not work as expected.
        </Alert>
      ) : null}
      <NewerServerNotice level={level} />
      <Paper withBorder p="md" component="section" aria-labelledby="realm-heading">
        <Group align="flex-start" wrap="nowrap" gap="md">
          {icon ? <Image src={icon} alt="" w={56} h={56} radius="md" /> : null}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} id="realm-heading">
              {s.realm_name ?? 'Organization'}
            </Title>
            {base ? (
              <Text size="sm" c="dimmed">
                {base}
              </Text>
            ) : null}
            {s.realm_description ? (
              <Box fz="sm" dangerouslySetInnerHTML={{ __html: sanitizeHtml(s.realm_description) }} />
            ) : null}
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="server-heading">
        <Title order={3} size="h4" id="server-heading" mb="sm">
          Server
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label="Version">{version ?? 'Not reported'}</Fact>
          <Fact label="Merge base">{mergeBase ? String(mergeBase) : 'Not reported'}</Fact>
          <Fact label="Feature level">{level}</Fact>
          <Fact label="Push notifications">{s.push_notifications_enabled ? 'On' : 'Off'}</Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="auth-heading">
        <Title order={3} size="h4" id="auth-heading" mb="sm">
          Sign-in methods
        </Title>
        <Group gap="xs">
          {methods.length === 0 ? <Text size="sm">None reported.</Text> : null}
          {methods.map(([name]) => (
            <Badge key={name} variant="light" tt="none">
              {name}
            </Badge>
          ))}
        </Group>
        {(s.external_authentication_methods ?? []).length > 0 ? (
          <Stack gap={6} mt="sm">
            <Text size="sm" fw={600}>
              External providers
            </Text>
            {(s.external_authentication_methods ?? []).map((m) => (
              <Group key={m.name} gap="xs">
                {absoluteUrl(m.display_icon, base) ? (
                  <Image src={absoluteUrl(m.display_icon, base)} alt="" w={20} h={20} />
                ) : null}
                <Text size="sm">{m.display_name}</Text>
              </Group>
            ))}
          </Stack>
        ) : null}
      </Paper>
      <CapabilitiesSection level={level} />
      <SpellingSection level={level} />
    </Stack>
  );
}

/** Every capability the console gates, and whether this server has it. */
function CapabilitiesSection({ level }: { level: number }) {
  const rows = capabilityRows(level);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="capabilities-heading">
      <Title order={3} size="h4" id="capabilities-heading" mb="xs">
        Console capabilities on this server
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Each capability needs a minimum feature level; this server reports {level}.
        {level > NEWEST_KNOWN_LEVEL
          ? ` The console was checked against servers up to level ${NEWEST_KNOWN_LEVEL}: above it, “Expected” means it should work.`
          : ''}
      </Text>
      {/* Not DataTable: the console's fixed list of capabilities, shown in full, whose cells wrap on a phone; */}
      {/* DataTable's virtualized rows have one fixed height. */}
      {/* Narrow enough for a phone: the level note is said once above, not in each row's badge. */}
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-labelledby="capabilities-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Capability</Table.Th>
              <Table.Th>Needs level</Table.Th>
              <Table.Th>On this server</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.feature}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>{row.level}</Table.Td>
                <Table.Td>
                  {row.available && level > NEWEST_KNOWN_LEVEL ? (
                    <Badge color="teal" variant="light">
                      Expected
                    </Badge>
                  ) : row.available ? (
                    <Badge color="teal" variant="light">
                      Available
                    </Badge>
                  ) : (
                    <Badge color="red" variant="light">
                      Unavailable
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
