import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { ApiError } from '../../client/api-error';
import { notify } from '../../client/notify';
import { useOpForm } from '../../client/op-form';
import { useFeature } from '../../client/use-role';
import { ServerError } from '../../components/server-error';
import { confirmationMatches } from '../../shared/bff/bulk';
import {
  DEACTIVATION_ACTION_DETAILS,
  DEACTIVATION_ACTION_LABELS,
  deletedInWords,
} from '../../shared/labels/deactivation';
import { svcOps } from '../../shared/svc/catalog';
import {
  actionsParam,
  chosenActions,
  DEACTIVATION_ACTIONS,
  deletesMessages,
  type DeactivationAction,
} from '../../shared/svc/deactivation';
import type { User } from '../../shared/svc/records';
import { useDeactivateUser } from './api/deactivate-user';
import { displayEmail } from './format';

interface Props {
  user: User;
  opened: boolean;
  onClose: () => void;
  /** e.g. the actor is deactivating themself. */
  warning: string | null;
}

/** What to type before the server deletes someone's messages (case and outer spaces do not matter). */
export const DELETE_MESSAGES_PHRASE = 'delete messages';

interface Values {
  sendEmail: boolean;
  comment: string;
  actions: Record<DeactivationAction, boolean>;
  typed: string;
}

const NO_ACTIONS = Object.fromEntries(DEACTIVATION_ACTIONS.map((a) => [a, false])) as Record<
  DeactivationAction,
  boolean
>;

export function DeactivateUserModal({ user, opened, onClose, warning }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={`Deactivate ${user.full_name}?`}
      size="lg"
    >
      {/* The form lives inside the modal body, so it starts fresh each time the dialog opens. */}
      <DeactivateUserForm user={user} onDone={onClose} warning={warning} />
    </Modal>
  );
}

/**
 * The toast says what the server's answer confirmed: the deactivation, the email it was asked to send, and the
 * clean-up unless the server named `actions` among the parameters it ignored.
 */
function reportSuccess(user: User, values: Values, ignored: readonly string[]): void {
  const chosen = chosenActions(values.actions);
  const base = `${user.full_name} was deactivated${values.sendEmail ? ' and notified by email' : ''}.`;
  if (chosen.length === 0) {
    notify('success', `deactivate-user-${user.user_id}`, 'User deactivated', base);
  } else if (ignored.includes('actions')) {
    notify(
      'info',
      `deactivate-user-${user.user_id}`,
      'User deactivated, nothing deleted',
      `${base} The server ignored the clean-up: nothing was deleted.`,
    );
  } else {
    notify(
      'success',
      `deactivate-user-${user.user_id}`,
      'User deactivated and cleaned up',
      `${base} The server deleted ${deletedInWords(values.actions)}.`,
    );
  }
}

function DeactivateUserForm({ user, onDone, warning }: { user: User; onDone: () => void; warning: string | null }) {
  const deactivate = useDeactivateUser();
  const { form, placeRefusal, refusalField } = useOpForm<Values>({
    initialValues: { sendEmail: false, comment: '', actions: NO_ACTIONS, typed: '' },
    params: () => svcOps.deactivateUser.params,
    toParams: (v) => ({
      user_id: user.user_id,
      ...(v.sendEmail ? { deactivation_notification_comment: v.comment } : {}),
      actions: actionsParam(chosenActions(v.actions)),
    }),
    fields: { deactivation_notification_comment: 'comment' },
    validate: (v) => ({
      typed:
        deletesMessages(v.actions) && !confirmationMatches(DELETE_MESSAGES_PHRASE, v.typed)
          ? `Type “${DELETE_MESSAGES_PHRASE}” to confirm.`
          : null,
    }),
  });
  const chosen = chosenActions(form.values.actions);
  const confirmed =
    !deletesMessages(form.values.actions) || confirmationMatches(DELETE_MESSAGES_PHRASE, form.values.typed);

  const submit = form.onSubmit((values) => {
    deactivate.mutate(
      {
        userId: user.user_id,
        notificationComment: values.sendEmail ? values.comment : null,
        actions: actionsParam(chosenActions(values.actions)),
      },
      {
        onSuccess: (answer) => {
          reportSuccess(user, values, answer.ignored_parameters_unsupported ?? []);
          onDone();
        },
        // A refusal about one field goes on it, in the server's words; everything chosen and typed stays.
        onError: (error) => placeRefusal(error),
      },
    );
  });
  const refusalOnField = deactivate.error instanceof ApiError && refusalField(deactivate.error) !== null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {user.full_name} ({displayEmail(user)}) will be signed out everywhere and can no longer sign in or use the
          API. Unless you choose a clean-up below, their messages, channel subscriptions and group memberships stay; an
          administrator can reactivate the account later.
        </Text>
        {warning ? (
          <Alert color="yellow" variant="light" title="Your own account" role="note">
            {warning}
          </Alert>
        ) : null}
        <NotificationFields form={form} />
        <CleanUpFields form={form} />
        <ServerError error={refusalOnField ? null : deactivate.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={deactivate.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={deactivate.isPending} disabled={!confirmed}>
            {chosen.length > 0 ? 'Deactivate and delete' : 'Deactivate user'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NotificationFields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <Switch label="Send notification email" {...form.getInputProps('sendEmail', { type: 'checkbox' })} />
      <Textarea
        label="Notification comment"
        description={
          form.values.sendEmail
            ? 'Optional text included in the email.'
            : 'Turn on the notification email to add a comment.'
        }
        autosize
        minRows={3}
        maxRows={8}
        disabled={!form.values.sendEmail}
        {...form.getInputProps('comment')}
      />
    </>
  );
}

/**
 * The spam clean-up (level 459): each action the server offers, what it deletes, the warning that it is for good,
 * and the typed confirmation before messages go. Below 459 every choice is disabled with the reason.
 */
function CleanUpFields({ form }: { form: UseFormReturnType<Values> }) {
  const gate = useFeature('deactivationActions');
  const chosen = chosenActions(form.values.actions);
  const messages = deletesMessages(form.values.actions);
  const error = form.errors.actions;
  const helpId = useId();
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }} aria-describedby={helpId}>
      <Text component="legend" fw={600} size="sm" p={0}>
        Spam clean-up
      </Text>
      <Text id={helpId} size="xs" c={gate.enabled ? 'dimmed' : undefined}>
        {gate.reason ??
          'For spam accounts: the server deletes what you choose while it deactivates them, their bots first.'}
      </Text>
      {DEACTIVATION_ACTIONS.map((action) => (
        <Checkbox
          key={action}
          label={DEACTIVATION_ACTION_LABELS[action]}
          description={DEACTIVATION_ACTION_DETAILS[action]}
          disabled={!gate.enabled}
          {...form.getInputProps(`actions.${action}`, { type: 'checkbox' })}
        />
      ))}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {chosen.length > 0 ? (
        <Alert color="red" variant="light" title="This is permanent" role="note">
          {messages
            ? 'The messages disappear for everyone, in conversations you cannot read too. '
            : 'Their name and picture are replaced for everyone. '}
          Reactivating the account later does not bring back anything deleted.
        </Alert>
      ) : null}
      {messages ? (
        <TextInput
          label={
            <>
              Type{' '}
              <Badge variant="light" tt="none">
                {DELETE_MESSAGES_PHRASE}
              </Badge>{' '}
              to confirm
            </>
          }
          autoComplete="off"
          {...form.getInputProps('typed')}
        />
      ) : null}
    </Stack>
  );
}
