import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError, errorMessage } from '../../client/api-error';
import { useFeature } from '../../client/use-role';
import { ServerError } from '../../components/server-error';
import { useSendTestPush } from './api/send-test-push';

/** A plain-language account of a push test's outcome; null for refusals shown verbatim instead. */
export function pushOutcome(
  result: { ok: true } | { ok: false; error: unknown },
  deviceId: number | undefined,
): { color: string; title: string; text: string } | null {
  const which = deviceId === undefined ? 'your registered devices' : `device ${deviceId}`;
  if (result.ok) {
    return {
      color: 'green',
      title: 'Test notification sent',
      text:
        deviceId === undefined
          ? 'A test notification was sent to all your registered mobile devices. Check that it arrived.'
          : `A test notification was sent to the device with push account ID ${deviceId}. Check that it arrived.`,
    };
  }
  const code = result.error instanceof ApiError ? result.error.code : null;
  switch (code) {
    case 'NO_ACTIVE_PUSH_DEVICE':
      return {
        color: 'yellow',
        title: 'No device to notify',
        text:
          deviceId === undefined
            ? 'You have no active mobile device registered for push notifications. Sign in with the mobile app and allow notifications, then try again.'
            : `No active device with push account ID ${deviceId} is registered to you. Check the ID, or leave it empty to notify all your devices.`,
      };
    case 'ADMIN_ACTION_REQUIRED':
      return {
        color: 'orange',
        title: 'The server’s push setup needs attention',
        text: `Nothing was sent to ${which}: push notifications are not configured correctly on this server (for example invalid credentials, an expired plan or an unregistered organization). Ask the server administrator.`,
      };
    case 'FAILED_TO_CONNECT_BOUNCER':
      return {
        color: 'red',
        title: 'Push service unreachable',
        text: `Nothing was sent to ${which}: the server could not reach the push notification service (network error). Try again later.`,
      };
    case 'INTERNAL_SERVER_ERROR_ON_BOUNCER':
      return {
        color: 'red',
        title: 'Push service error',
        text: `Nothing was sent to ${which}: the push notification service had an internal error. Try again later.`,
      };
    default:
      return null;
  }
}

const DEVICE_ID = /^\d+$/;

/** "Send test push notification" (POST /mobile_push/e2ee/test_notification, level 420). */
export function PushTestSection() {
  const feature = useFeature('e2eeTestNotification');
  const send = useSendTestPush();
  const [device, setDevice] = useState('');
  const [sentTo, setSentTo] = useState<number | undefined>(undefined);
  const trimmed = device.trim();
  const deviceError = trimmed && !(DEVICE_ID.test(trimmed) && Number(trimmed) > 0) ? 'Enter a positive number.' : null;

  const outcome = send.isSuccess
    ? pushOutcome({ ok: true }, sentTo)
    : send.isError
      ? pushOutcome({ ok: false, error: send.error }, sentTo)
      : null;

  const onSend = () => {
    const id = trimmed ? Number(trimmed) : undefined;
    setSentTo(id);
    send.mutate(id === undefined ? {} : { push_account_id: id });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-push-heading">
      <Title order={3} size="h4" id="account-push-heading" mb="xs">
        Test push notification
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Sends an end-to-end encrypted test notification to your mobile devices, to check that notifications reach you.
      </Text>
      <Stack gap="sm">
        <TextInput
          label="Push account ID (optional)"
          description="Leave empty to notify all your registered devices."
          inputMode="numeric"
          value={device}
          onChange={(e) => setDevice(e.currentTarget.value)}
          error={deviceError}
          disabled={!feature.enabled}
          maw={320}
        />
        <Group gap="sm">
          <Button
            onClick={onSend}
            loading={send.isPending}
            disabled={!feature.enabled || deviceError !== null}
            aria-describedby={feature.reason ? 'account-push-reason' : undefined}
          >
            Send test push notification
          </Button>
          {feature.reason ? (
            <Text size="sm" c="dimmed" id="account-push-reason">
              {feature.reason}
            </Text>
          ) : null}
        </Group>
        {outcome ? (
          <Alert color={outcome.color} variant="light" title={outcome.title} role="status">
            <Text size="sm">{outcome.text}</Text>
            {send.isError ? (
              <Text size="xs" c="dimmed" mt={4}>
                Server message: {errorMessage(send.error)}
              </Text>
            ) : null}
          </Alert>
        ) : (
          <ServerError error={send.error} />
        )}
      </Stack>
    </Paper>
  );
}
