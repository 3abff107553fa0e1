import { Alert, Badge, Button, Group, Image, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { usePeople, type Person } from '../../client/people';
import { useSession } from '../../client/session';
import { useRole } from '../../client/use-role';
import { LoadError } from '../../components/load-error';
import type { RealmEmoji } from '../../shared/svc/realm-emoji';
import { describeSetting, roleHolds } from '../../shared/svc/role-grants';
import { useDeactivateEmoji } from './api/change-emoji';
import { useEmojiPermission, useRealmEmoji } from './api/get-realm-emoji';
import { UploadEmojiForm } from './upload-emoji-form';
import { ConfirmAction } from '../../components/confirm-action';

const namesById = (people: Person[]) => new Map(people.map((p) => [p.user_id, p.full_name] as const));

/** A record's image URL: the server gives a path on itself. */
export function emojiImageUrl(sourceUrl: string, realmUrl: string | null): string {
  try {
    return new URL(sourceUrl, realmUrl ?? undefined).toString();
  } catch {
    return sourceUrl;
  }
}

/** Administrators and an emoji's author may deactivate it. */
export function canDeactivate(role: number | null, userId: number | null, emoji: RealmEmoji): boolean {
  if (role === null || emoji.deactivated) return false;
  return role <= 200 || (emoji.author_id != null && emoji.author_id === userId);
}

export function CustomEmojiPage() {
  const { role, user } = useRole();
  const userId = user?.userId ?? null;
  const realmUrl = useSession().data?.server?.realmUrl ?? null;
  const emoji = useRealmEmoji();
  const permission = useEmojiPermission();
  const names = usePeople(namesById);
  const [showDeactivated, setShowDeactivated] = useState(false);
  const [deactivating, setDeactivating] = useState<RealmEmoji | null>(null);

  const who = permission.data ? describeSetting(permission.data.value, permission.data.groups) : null;
  const mayAdd =
    role !== null &&
    role !== 600 &&
    (permission.data ? roleHolds(role, permission.data.value, permission.data.groups, userId) !== false : true);
  const list = Object.values(emoji.data ?? {})
    .filter((e) => showDeactivated || !e.deactivated)
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Stack gap="md">
      <Title order={2}>Custom emoji</Title>
      <Text size="sm" maw="48rem">
        Emoji the organization added. Who may add them: <b>{who ?? '…'}</b>. Administrators and the person who added an
        emoji may deactivate it; messages that used it keep showing it.
      </Text>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="sm">
          Add an emoji
        </Title>
        {mayAdd ? (
          <UploadEmojiForm />
        ) : (
          <Alert color="gray" role="note">
            {role === 600
              ? 'Guests cannot add custom emoji.'
              : `Only ${who ?? 'some people'} may add custom emoji here.`}
          </Alert>
        )}
      </Paper>
      <Group justify="space-between">
        <Title order={3} size="h4">
          Emoji
        </Title>
        <Switch
          label="Show deactivated emoji"
          checked={showDeactivated}
          onChange={(e) => setShowDeactivated(e.currentTarget.checked)}
        />
      </Group>
      {emoji.isPending ? (
        <Text size="sm">Loading emoji…</Text>
      ) : emoji.isError ? (
        <LoadError title="Custom emoji could not be loaded" error={emoji.error} onRetry={() => void emoji.refetch()} />
      ) : list.length === 0 ? (
        <Text size="sm">No custom emoji.</Text>
      ) : (
        <Table aria-label="Custom emoji" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Emoji</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Added by</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Image src={emojiImageUrl(e.source_url, realmUrl)} alt={`:${e.name}:`} w={24} h={24} fit="contain" />
                </Table.Td>
                <Table.Td>:{e.name}:</Table.Td>
                <Table.Td>
                  {e.author_id == null ? 'Unknown' : (names.data?.get(e.author_id) ?? `User ${e.author_id}`)}
                </Table.Td>
                <Table.Td>
                  {e.deactivated ? (
                    <Badge color="gray" variant="light">
                      Deactivated
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light">
                      Active
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {canDeactivate(role, userId, e) ? (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => setDeactivating(e)}
                      aria-label={`Deactivate :${e.name}:`}
                    >
                      Deactivate
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {deactivating ? <DeactivateEmojiModal emoji={deactivating} onClose={() => setDeactivating(null)} /> : null}
    </Stack>
  );
}

function DeactivateEmojiModal({ emoji, onClose }: { emoji: RealmEmoji; onClose: () => void }) {
  const deactivate = useDeactivateEmoji();
  const confirm = () =>
    deactivate.mutate(emoji.name, {
      onSuccess: () => {
        notify('success', `emoji-${emoji.name}`, 'Emoji deactivated', `:${emoji.name}: can no longer be used.`);
        onClose();
      },
    });
  return (
    <ConfirmAction
      opened
      onClose={onClose}
      title="Deactivate emoji?"
      confirmLabel="Deactivate emoji"
      onConfirm={confirm}
      pending={deactivate.isPending}
      error={deactivate.error}
    >
      <Text size="sm">
        Nobody can use :{emoji.name}: in new messages or reactions. Messages and reactions that already use it keep
        showing it. The name becomes free for a new emoji.
      </Text>
    </ConfirmAction>
  );
}
