import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../client/notify';
import { ServerError } from '../../components/server-error';
import {
  StatusFields,
  statusChange,
  statusFormValues,
  statusTextTooLong,
  type StatusFormValues,
} from '../../components/status-fields';
import { StatusLine } from '../../components/status-emoji/status-line';
import { svcOps } from '../../shared/svc/catalog';
import type { UserStatus } from '../../shared/svc/records';
import type { UpdateOwnStatusParams } from './api/update-own-status';
import { useUpdateOwnStatus } from './api/update-own-status';
import { useOpForm } from '../../client/op-form';

export type OwnStatusValues = StatusFormValues;

/** The request for these values (see `statusChange`). */
export function toOwnStatusParams(values: OwnStatusValues, current: UserStatus | undefined): UpdateOwnStatusParams {
  return statusChange(values, current) as UpdateOwnStatusParams;
}

interface Props {
  current: UserStatus | undefined;
  /** Why the current status cannot be read (old server), or null. */
  readReason: string | null;
  loading: boolean;
}

/** "My status": what it is now, and a form to change it (POST /users/me/status). */
export function OwnStatusSection({ current, readReason, loading }: Props) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-status-heading">
      <Title order={3} size="h4" id="account-status-heading" mb="sm">
        My status
      </Title>
      <Text size="sm" mb="sm">
        Current status:{' '}
        {loading ? (
          <Text span c="dimmed">
            loading…
          </Text>
        ) : readReason ? (
          <Text span c="dimmed">
            not readable on this server ({readReason})
          </Text>
        ) : (
          <StatusLine status={current} />
        )}
      </Text>
      {loading ? null : <OwnStatusForm key={JSON.stringify(current ?? {})} current={current} />}
    </Paper>
  );
}

function OwnStatusForm({ current }: { current: UserStatus | undefined }) {
  const update = useUpdateOwnStatus();
  // The catalog's schema is the single source of the rules (length limit, emoji name required with a code).
  const { form, problems } = useOpForm<OwnStatusValues>({
    initialValues: statusFormValues(current),
    params: () => svcOps.updateOwnStatus.params,
    toParams: (values) => toOwnStatusParams(values, current),
  });

  // Checked on every change: one field can make another wrong (a code without a name).
  const errors = problems();
  const tooLong = statusTextTooLong(form.values);

  const submit = form.onSubmit((values) => {
    update.mutate(toOwnStatusParams(values, current), {
      onSuccess: () => notify('success', 'set-own-status', 'Status updated', 'Your status was updated.'),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="My status">
      <Stack gap="md">
        <StatusFields form={form} errors={errors} counterSuffix=" · leave empty to clear" />
        <ServerError error={update.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={tooLong || Object.keys(errors).length > 0}>
            Save my status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
