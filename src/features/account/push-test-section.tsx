import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError, errorMessage } from '../../client/api-error';
import { useFeature, useFeatureLevel } from '../../client/use-role';
import { paramNameAt, spellsNewWay } from '../../shared/svc/api-changes';
import { ServerError } from '../../components/server-error';
import { useSendTestPush } from './api/send-test-push';

/** What the console calls the identifier the test takes: a push account before level 468, a device from it on. */
export function deviceWord(level: number): string {
  return spellsNewWay('pushTestDevice', level) ? 'device ID' : 'push account ID';
}

/**
 * A plain-language account of a push test's outcome; null for refusals shown verbatim instead. `deviceId` is
 * the device the server was asked to test AND did not ignore: a server that lists the parameter as ignored
 * notified every device, and that is what is said.
 */
export function pushOutcome(
  result: { ok: true; ignored?: readonly string[] } | { ok: false; error: unknown },
  deviceId: number | undefined,
  level: number,
): { color: string; title: string; text: string } | null {
  const word = deviceWord(level);
  const ignored =
    result.ok && deviceId !== undefined && (result.ignored ?? []).includes(paramNameAt(OP, 'device_id', level));
  const which = deviceId === undefined ? 'your registered devices' : `the device with ${word} ${deviceId}`;
  if (result.ok) {
    return {
      color: ignored ? 'yellow' : 'green',
      title: 'Test notification sent',
      text: ignored
        ? `The server did not take a ${word} (it ignored ${deviceId}) and sent the test notification to all your registered mobile devices. Check that it arrived.`
        : deviceId === undefined
          ? 'A test notification was sent to all your registered mobile devices. Check that it arrived.'
          : `A test notification was sent to the device with ${word} ${deviceId}. Check that it arrived.`,
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
            : `No active device with ${word} ${deviceId} is registered to you. Check the ID, or leave it empty to notify all your devices.`,
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
const OP = 'sendTestPushNotification';

/** "Send test push notification" (POST /mobile_push/e2ee/test_notification, level 420). */
export function PushTestSection() {
  const feature = useFeature('e2eeTestNotification');
  const send = useSendTestPush();
  const [device, setDevice] = useState('');
  const [sentTo, setSentTo] = useState<number | undefined>(undefined);
  const trimmed = device.trim();
  const deviceError = trimmed && !(DEVICE_ID.test(trimmed) && Number(trimmed) > 0) ? 'Enter a positive number.' : null;

  const level = useFeatureLevel();
  const word = deviceWord(level);
  const outcome = send.isSuccess
    ? pushOutcome({ ok: true, ignored: send.data.ignored_parameters_unsupported }, sentTo, level)
    : send.isError
      ? pushOutcome({ ok: false, error: send.error }, sentTo, level)
      : null;

  const onSend = () => {
    const id = trimmed ? Number(trimmed) : undefined;
    setSentTo(id);
    send.mutate(id === undefined ? {} : { device_id: id });
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
          label={`${word[0]!.toUpperCase()}${word.slice(1)} (optional)`}
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
