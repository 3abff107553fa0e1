import { Alert, Badge, Button, Group, Image, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { usePeople, type Person } from '../../client/people';
import { useSession } from '../../client/session';
import { useRole } from '../../client/use-role';
import { CardTable, type CardTableColumn } from '../../components/card-table/card-table';
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

/**
 * The list's columns; the Actions column only when this person may deactivate one of the emoji shown
 * (members and guests saw it empty).
 */
function emojiColumns(o: {
  realmUrl: string | null;
  nameOf: (userId: number) => string | undefined;
  mayDeactivate: (e: RealmEmoji) => boolean;
  anyAction: boolean;
  onDeactivate: (e: RealmEmoji) => void;
}): readonly (CardTableColumn<RealmEmoji> | null)[] {
  return [
    {
      id: 'emoji',
      header: 'Emoji',
      cell: (e) => (
        <Image src={emojiImageUrl(e.source_url, o.realmUrl)} alt={`:${e.name}:`} w={24} h={24} fit="contain" />
      ),
    },
    { id: 'name', header: 'Name', primary: true, cell: (e) => `:${e.name}:` },
    {
      id: 'author',
      header: 'Added by',
      cell: (e) => (e.author_id == null ? 'Unknown' : (o.nameOf(e.author_id) ?? `User ${e.author_id}`)),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (e) =>
        e.deactivated ? (
          <Badge color="gray" variant="light">
            Deactivated
          </Badge>
        ) : (
          <Badge color="teal" variant="light">
            Active
          </Badge>
        ),
    },
    o.anyAction
      ? {
          id: 'actions',
          header: 'Actions',
          actions: true,
          cell: (e) =>
            o.mayDeactivate(e) ? (
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => o.onDeactivate(e)}
                aria-label={`Deactivate :${e.name}:`}
              >
                Deactivate
              </Button>
            ) : null,
        }
      : null,
  ];
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

  const columns = emojiColumns({
    realmUrl,
    nameOf: (id) => names.data?.get(id),
    mayDeactivate: (e) => canDeactivate(role, userId, e),
    anyAction: list.some((e) => canDeactivate(role, userId, e)),
    onDeactivate: setDeactivating,
  });

  return (
    <Stack gap="md">
      <Title order={2}>Custom emoji</Title>
      <Text size="sm" maw="48rem">
        Emoji the organization added.{' '}
        {/* Guests may not read the groups, so the setting's group could only be named by its number. */}
        {role === 600 ? (
          'Guests cannot add them.'
        ) : (
          <>
            Who may add them: <b>{who ?? '…'}</b>.
          </>
        )}{' '}
        Administrators and the person who added an emoji may deactivate it; messages that used it keep showing it.
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
        <CardTable label="Custom emoji" rows={list} columns={columns} getRowId={(e) => e.id} />
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
