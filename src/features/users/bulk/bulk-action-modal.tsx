import { Alert, Button, Group, Modal, MultiSelect, NativeSelect, Stack, Text, Textarea, Checkbox } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { memo, useState } from 'react';
import type { BulkAction, BulkActionKind, BulkPreview, BulkRun } from '../../../shared/bff/bulk';
import { useFeature } from '../../../client/use-role';
import { DEACTIVATION_ACTION_DETAILS, DEACTIVATION_ACTION_LABELS } from '../../../shared/labels/deactivation';
import {
  actionsParam,
  DEACTIVATION_ACTIONS,
  deletesMessages,
  type DeactivationAction,
} from '../../../shared/svc/deactivation';
import { roleSchema } from '../../../shared/svc/records';
import { roleLabel, roleValues, ROLE } from '../../../shared/svc/roles';
import { ServerError } from '../../../components/server-error';
import { formatUserCount } from '../format';
import { previewBulk, useChannelOptions } from './api';
import { PreviewStep } from './preview-modal';

export const ACTION_TITLES: Record<BulkActionKind, string> = {
  deactivate: 'Deactivate users',
  change_role: 'Change role',
  add_channels: 'Add to channels',
  remove_channels: 'Remove from channels',
};

/** A bulk action: its options, then the BFF's preview, then the start. */
export const BulkActionModal = memo(function BulkActionModal({
  kind,
  userIds,
  isOwner,
  onClose,
  onStarted,
}: {
  kind: BulkActionKind | null;
  userIds: readonly number[];
  isOwner: boolean;
  onClose: () => void;
  onStarted: (run: BulkRun) => void;
}) {
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      size="lg"
      title={kind ? ACTION_TITLES[kind] : ''}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {kind ? (
        <ActionSteps
          key={kind}
          kind={kind}
          userIds={userIds}
          isOwner={isOwner}
          onClose={onClose}
          onStarted={onStarted}
        />
      ) : null}
    </Modal>
  );
});

/** What the action's form holds, and the action it describes. */
function useActionDraft(kind: BulkActionKind) {
  const [notify, setNotify] = useState(false);
  const [comment, setComment] = useState('');
  const [cleanUp, setCleanUp] = useState<DeactivationAction[]>([]);
  const [role, setRole] = useState<string>(String(ROLE.member));
  const [channels, setChannels] = useState<string[]>([]);
  const action = (): BulkAction => {
    switch (kind) {
      case 'deactivate': {
        const actions = actionsParam(cleanUp);
        return { kind, comment: notify ? comment : null, ...(actions ? { actions } : {}) };
      }
      case 'change_role':
        return { kind, role: roleSchema.parse(Number(role)) };
      case 'add_channels':
      case 'remove_channels':
        return { kind, channelIds: channels.map(Number) };
    }
  };
  const needsChannels = (kind === 'add_channels' || kind === 'remove_channels') && channels.length === 0;
  return {
    notify,
    setNotify,
    comment,
    setComment,
    cleanUp,
    setCleanUp,
    role,
    setRole,
    channels,
    setChannels,
    action,
    needsChannels,
  };
}
type ActionDraft = ReturnType<typeof useActionDraft>;

/** The fields of one kind of action: deactivation's options, the new role, or the channels. */
function ActionFields({
  kind,
  draft,
  isOwner,
  channelOptions,
}: {
  kind: BulkActionKind;
  draft: ActionDraft;
  isOwner: boolean;
  channelOptions: ReturnType<typeof useChannelOptions>;
}) {
  if (kind === 'deactivate') {
    return (
      <DeactivateOptions
        notify={draft.notify}
        onNotify={draft.setNotify}
        comment={draft.comment}
        onComment={draft.setComment}
        cleanUp={draft.cleanUp}
        onCleanUp={draft.setCleanUp}
      />
    );
  }
  if (kind === 'change_role') {
    const roleOptions = roleValues.map((r) => ({
      value: String(r),
      label: roleLabel(r),
      disabled: r === ROLE.owner && !isOwner,
    }));
    return (
      <NativeSelect
        label="New role"
        data={roleOptions}
        value={draft.role}
        onChange={(e) => draft.setRole(e.currentTarget.value)}
      />
    );
  }
  return (
    <MultiSelect
      label="Channels"
      placeholder={channelOptions.isPending ? 'Loading channels…' : 'Pick channels'}
      data={channelOptions.data ?? []}
      value={draft.channels}
      onChange={draft.setChannels}
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function ActionSteps({
  kind,
  userIds,
  isOwner,
  onClose,
  onStarted,
}: {
  kind: BulkActionKind;
  userIds: readonly number[];
  isOwner: boolean;
  onClose: () => void;
  onStarted: (run: BulkRun) => void;
}) {
  const draft = useActionDraft(kind);
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const channelOptions = useChannelOptions();
  const run = useMutation({ mutationFn: () => previewBulk(draft.action(), userIds), onSuccess: setPreview });

  if (preview) return <PreviewStep preview={preview} onStarted={onStarted} onBack={() => setPreview(null)} />;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft.needsChannels) run.mutate();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">
          {formatUserCount(userIds.length)} selected. The preview shows who will be affected and who is skipped, before
          anything changes.
        </Text>
        <ActionFields kind={kind} draft={draft} isOwner={isOwner} channelOptions={channelOptions} />
        <ServerError error={run.error ?? channelOptions.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={run.isPending} disabled={draft.needsChannels}>
            Preview
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A bulk deactivation's options: the notification email, and the spam clean-up from level 459. */
function DeactivateOptions({
  notify,
  onNotify,
  comment,
  onComment,
  cleanUp,
  onCleanUp,
}: {
  notify: boolean;
  onNotify: (notify: boolean) => void;
  comment: string;
  onComment: (comment: string) => void;
  cleanUp: readonly DeactivationAction[];
  onCleanUp: (actions: DeactivationAction[]) => void;
}) {
  const gate = useFeature('deactivationActions');
  const toggle = (action: DeactivationAction, on: boolean) =>
    onCleanUp(DEACTIVATION_ACTIONS.filter((a) => (a === action ? on : cleanUp.includes(a))));
  return (
    <>
      <Checkbox
        label="Email each user a notification"
        checked={notify}
        onChange={(e) => onNotify(e.currentTarget.checked)}
      />
      {notify ? (
        <Textarea
          label="Notification comment (optional)"
          description="One comment, sent to every deactivated user."
          value={comment}
          maxLength={2000}
          onChange={(e) => onComment(e.currentTarget.value)}
          autosize
          minRows={2}
        />
      ) : null}
      <Checkbox.Group
        label="Spam clean-up"
        description={
          gate.reason ?? 'For spam accounts: the server deletes what you choose for each of them, their bots first.'
        }
      >
        <Stack gap={6} mt={6}>
          {DEACTIVATION_ACTIONS.map((action) => (
            <Checkbox
              key={action}
              label={DEACTIVATION_ACTION_LABELS[action]}
              description={DEACTIVATION_ACTION_DETAILS[action]}
              disabled={!gate.enabled}
              checked={cleanUp.includes(action)}
              onChange={(e) => toggle(action, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {cleanUp.length > 0 ? (
        <Alert color="red" variant="light" title="This is permanent" role="note">
          Undoing the run reactivates the accounts, but what the clean-up deleted stays deleted.
          {deletesMessages(actionsParam(cleanUp)) ? ' The preview asks you to type that messages will be deleted.' : ''}
        </Alert>
      ) : null}
    </>
  );
}
