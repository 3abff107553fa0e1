import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { CardTable, type CardTableColumn } from '../../components/card-table/card-table';
import { LoadError } from '../../components/load-error';
import { ServerError } from '../../components/server-error';
import { profileFieldTypeLabel, type ProfileField } from '../../shared/svc/profile-fields';
import { useProfileFields } from './api/get-profile-fields';
import { useReorderProfileFields } from './api/reorder-profile-fields';
import { useDeleteProfileField } from './api/save-profile-field';
import { FieldFormModal } from './field-form-modal';
import { ConfirmAction } from '../../components/confirm-action';

type Dialog = { kind: 'add' } | { kind: 'edit'; field: ProfileField } | { kind: 'delete'; field: ProfileField };

/** Moves one id up or down in the order; null when it cannot move that way. */
export function moved(ids: readonly number[], id: number, by: -1 | 1): number[] | null {
  const at = ids.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** A field's settings as badges; none when it has none of them. */
function SettingBadges({ field }: { field: ProfileField }) {
  return (
    <Group gap={4}>
      {field.required ? <Badge variant="light">Required</Badge> : null}
      {field.display_in_profile_summary ? (
        <Badge variant="light" color="grape">
          On card
        </Badge>
      ) : null}
      {field.editable_by_user === false ? (
        <Badge variant="light" color="gray">
          Admins edit
        </Badge>
      ) : null}
      {field.use_for_user_matching ? (
        <Badge variant="light" color="cyan">
          In name suggestions
        </Badge>
      ) : null}
    </Group>
  );
}

const hasSetting = (f: ProfileField) =>
  Boolean(f.required || f.display_in_profile_summary || f.editable_by_user === false || f.use_for_user_matching);

/**
 * The list's columns: Settings only when some field has one (it was an empty column otherwise), Actions only
 * for administrators.
 */
function fieldColumns(o: {
  list: readonly ProfileField[];
  isAdmin: boolean;
  reorderPending: boolean;
  move: (field: ProfileField, by: -1 | 1) => void;
  open: (dialog: Dialog) => void;
}): readonly (CardTableColumn<ProfileField> | null)[] {
  const last = o.list.length - 1;
  return [
    { id: 'name', header: 'Name', primary: true, cell: (f) => f.name },
    { id: 'type', header: 'Type', cell: (f) => profileFieldTypeLabel(f.type) },
    { id: 'hint', header: 'Hint', cell: (f) => f.hint || '—' },
    o.list.some(hasSetting) ? { id: 'settings', header: 'Settings', cell: (f) => <SettingBadges field={f} /> } : null,
    o.isAdmin
      ? {
          id: 'actions',
          header: 'Actions',
          actions: true,
          cell: (f) => {
            const index = o.list.indexOf(f);
            return (
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${f.name} up`}
                  disabled={index === 0 || o.reorderPending}
                  onClick={() => o.move(f, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${f.name} down`}
                  disabled={index === last || o.reorderPending}
                  onClick={() => o.move(f, 1)}
                >
                  ↓
                </ActionIcon>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => o.open({ kind: 'edit', field: f })}
                  aria-label={`Edit ${f.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => o.open({ kind: 'delete', field: f })}
                  aria-label={`Delete ${f.name}`}
                >
                  Delete
                </Button>
              </Group>
            );
          },
        }
      : null,
  ];
}

/** The organization's custom profile fields: everyone sees them; administrators add, edit, reorder and delete. */
export function ProfileFieldsPage() {
  const { isAdmin } = useRole();
  const featureLevel = useFeatureLevel();
  const fields = useProfileFields();
  const reorder = useReorderProfileFields();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const list = fields.data ?? [];
  const onCard = list.filter((f) => f.display_in_profile_summary).length;

  const move = (field: ProfileField, by: -1 | 1) => {
    const order = moved(
      list.map((f) => f.id),
      field.id,
      by,
    );
    if (!order) return;
    const where = `position ${order.indexOf(field.id) + 1} of ${order.length}`;
    reorder.mutate(order, {
      onSuccess: () => setAnnouncement(`Moved ${field.name} to ${where}.`),
      onError: () => setAnnouncement(`${field.name} was not moved.`),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Custom profile fields</Title>
        {isAdmin ? <Button onClick={() => setDialog({ kind: 'add' })}>Add profile field</Button> : null}
      </Group>
      <Text size="sm" maw="48rem">
        Fields every profile has, in this order. Required fields are asked of everyone; at most two are shown on the
        user card.
      </Text>
      {!isAdmin ? (
        <Alert color="gray" variant="light" role="note">
          Only organization administrators can change custom profile fields.
        </Alert>
      ) : null}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <ServerError error={reorder.error} />
      {fields.isPending ? (
        <Text size="sm">Loading profile fields…</Text>
      ) : fields.isError ? (
        <LoadError
          title="Profile fields could not be loaded"
          error={fields.error}
          onRetry={() => void fields.refetch()}
        />
      ) : list.length === 0 ? (
        <Text size="sm">No custom profile fields yet.</Text>
      ) : (
        <CardTable
          label="Custom profile fields"
          rows={list}
          columns={fieldColumns({ list, isAdmin, reorderPending: reorder.isPending, move, open: setDialog })}
          getRowId={(f) => f.id}
        />
      )}
      <FieldFormModal
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        onClose={() => setDialog(null)}
        field={dialog?.kind === 'edit' ? dialog.field : null}
        featureLevel={featureLevel}
        onCard={onCard}
      />
      {dialog?.kind === 'delete' ? <DeleteFieldModal field={dialog.field} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

function DeleteFieldModal({ field, onClose }: { field: ProfileField; onClose: () => void }) {
  const remove = useDeleteProfileField();
  const confirm = () =>
    remove.mutate(field.id, {
      onSuccess: () => {
        notify('success', `delete-profile-field-${field.id}`, 'Profile field deleted', `“${field.name}” was deleted.`);
        onClose();
      },
    });
  return (
    <ConfirmAction
      opened
      onClose={onClose}
      title="Delete profile field?"
      confirmLabel="Delete field"
      onConfirm={confirm}
      pending={remove.isPending}
      error={remove.error}
    >
      <Text size="sm">
        “{field.name}” will be removed from every profile, with what everyone filled in for it. This cannot be undone.
      </Text>
    </ConfirmAction>
  );
}
