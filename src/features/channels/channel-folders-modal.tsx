import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { FormDialog } from '../../components/form-dialog';
import { LoadError } from '../../components/load-error';
import { ServerError } from '../../components/server-error';
import { CHANNEL_SETTINGS_LEVELS, channelLevelGate, type ChannelFolder } from '../../shared/svc/channels';
import { useChannelFolders } from './api/get-channel-folders';
import { useCreateChannelFolder, useReorderChannelFolders, useUpdateChannelFolder } from './api/manage-channel-folders';
import { folderGate } from './channel-settings-form';
import { organizationAdminAbility } from './permissions';

/** Folders group channels in the sidebar: create, rename, reorder, archive. */
export function ChannelFoldersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Channel folders" size="44rem">
      <ChannelFolders />
    </FormDialog>
  );
}

/** The IDs with the one at `index` moved by `by` places. */
export function moved(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function ChannelFolders() {
  const level = useFeatureLevel();
  const { role } = useRole();
  const gate = folderGate(level);
  if (gate) {
    return (
      <Alert role="note" color="gray" variant="light" title="Not available on this server">
        Channel folders: {gate}
      </Alert>
    );
  }
  return <FolderList level={level} ability={organizationAdminAbility(role, 'channel folders')} />;
}

type Ability = ReturnType<typeof organizationAdminAbility>;
type Renaming = { id: number; name: string } | null;

/** Renaming, archiving and reordering the folders, each with its toast. */
function useFolderChanges(ids: readonly number[]) {
  const update = useUpdateChannelFolder();
  const reorder = useReorderChannelFolders();
  const [renaming, setRenaming] = useState<Renaming>(null);
  const rename = () => {
    if (!renaming || renaming.name.trim() === '') return;
    update.mutate(
      { channel_folder_id: renaming.id, name: renaming.name.trim() },
      {
        onSuccess: () => {
          notify('success', 'channel-folders', 'Folder renamed', `The folder is now “${renaming.name.trim()}”.`);
          setRenaming(null);
        },
      },
    );
  };
  const setArchived = (folder: ChannelFolder, isArchived: boolean) =>
    update.mutate(
      { channel_folder_id: folder.id, is_archived: isArchived },
      {
        onSuccess: () =>
          notify(
            'success',
            'channel-folders',
            isArchived ? 'Folder archived' : 'Folder unarchived',
            `“${folder.name}” was ${isArchived ? 'archived' : 'unarchived'}.`,
          ),
      },
    );
  const move = (index: number, by: -1 | 1) =>
    reorder.mutate(moved(ids, index, by), {
      onSuccess: () => notify('success', 'channel-folders', 'Folders reordered', 'The new order was saved.'),
    });
  return { update, reorder, renaming, setRenaming, rename, setArchived, move };
}

function FolderList({ level, ability }: { level: number; ability: Ability }) {
  const folders = useChannelFolders();
  const changes = useFolderChanges((folders.data ?? []).map((f) => f.id));
  const reorderGate = channelLevelGate(level, CHANNEL_SETTINGS_LEVELS.folderReorder);
  const locked = !ability.allowed;

  if (folders.isPending) return <Loader size="xs" aria-label="Loading channel folders" />;
  if (folders.isError) {
    return (
      <LoadError title="Folders could not be loaded" error={folders.error} onRetry={() => void folders.refetch()} />
    );
  }
  const list = folders.data;
  return (
    <Stack gap="md">
      {ability.reason ? (
        <Alert role="note" color="gray" variant="light">
          {ability.reason}
        </Alert>
      ) : null}
      {reorderGate ? (
        <Text size="sm" c="dimmed">
          Reordering: {reorderGate}
        </Text>
      ) : null}
      {list.length === 0 ? (
        <Text size="sm">No folders yet.</Text>
      ) : (
        // Built by hand rather than on DataTable: a handful of folders with no column headers, and a row that
        // turns into a rename field in place; nothing here needs virtualization or row selection.
        <Table aria-label="Channel folders" withTableBorder>
          <Table.Tbody>
            {list.map((folder, index) => (
              <FolderRow
                key={folder.id}
                folder={folder}
                first={index === 0}
                last={index === list.length - 1}
                onMove={(by) => changes.move(index, by)}
                reorderLocked={locked || reorderGate !== null || changes.reorder.isPending}
                locked={locked}
                changes={changes}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ServerError error={changes.update.error ?? changes.reorder.error} title="The folder was not changed" />
      <NewFolderForm locked={locked} />
    </Stack>
  );
}

interface FolderRowProps {
  folder: ChannelFolder;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  reorderLocked: boolean;
  locked: boolean;
  changes: ReturnType<typeof useFolderChanges>;
}

function FolderRow({ folder, first, last, onMove, reorderLocked, locked, changes }: FolderRowProps) {
  const { renaming, setRenaming, update } = changes;
  return (
    <Table.Tr>
      <Table.Td>
        {renaming?.id === folder.id ? (
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`New name for ${folder.name}`}
              value={renaming.name}
              onChange={(e) => setRenaming({ id: folder.id, name: e.currentTarget.value })}
              size="xs"
            />
            <Button size="xs" onClick={changes.rename} loading={update.isPending}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={() => setRenaming(null)}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {folder.name}
            </Text>
            {folder.is_archived ? (
              <Badge size="sm" variant="light" color="gray">
                Archived
              </Badge>
            ) : null}
          </Group>
        )}
        {folder.description ? (
          <Text size="xs" c="dimmed">
            {folder.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td w="20rem">
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${folder.name} up`}
            disabled={reorderLocked || first}
            onClick={() => onMove(-1)}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${folder.name} down`}
            disabled={reorderLocked || last}
            onClick={() => onMove(1)}
          >
            ↓
          </ActionIcon>
          <Button
            size="xs"
            variant="subtle"
            aria-label={`Rename ${folder.name}`}
            disabled={locked}
            onClick={() => setRenaming({ id: folder.id, name: folder.name })}
          >
            Rename
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color={folder.is_archived ? undefined : 'red'}
            aria-label={`${folder.is_archived ? 'Unarchive' : 'Archive'} ${folder.name}`}
            disabled={locked || update.isPending}
            onClick={() => changes.setArchived(folder, !folder.is_archived)}
          >
            {folder.is_archived ? 'Unarchive' : 'Archive'}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function NewFolderForm({ locked }: { locked: boolean }) {
  const create = useCreateChannelFolder();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const add = () => {
    if (name.trim() === '') return;
    create.mutate(
      { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) },
      {
        onSuccess: () => {
          notify('success', 'channel-folders', 'Folder created', `“${name.trim()}” was created.`);
          setName('');
          setDescription('');
        },
      },
    );
  };
  return (
    <>
      <Group align="flex-end">
        <TextInput
          label="New folder"
          placeholder="Folder name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          disabled={locked}
        />
        <TextInput
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          disabled={locked}
          flex={1}
        />
        <Button onClick={add} disabled={locked || name.trim() === ''} loading={create.isPending}>
          Create folder
        </Button>
      </Group>
      <ServerError error={create.error} title="The folder was not created" />
    </>
  );
}
