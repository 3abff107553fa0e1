import { Accordion, Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useOpForm } from '../../client/op-form';
import { svcOps } from '../../shared/svc/catalog';
import { useFeatureLevel } from '../../client/use-role';
import { ServerError } from '../../components/server-error';
import { APNS_TOKEN_DEPRECATED_LEVEL } from '../../shared/svc/ops/account-ops';
import { useAddApnsToken } from './api/add-apns-token';

/** Under "Advanced": the deprecated APNs token registration (POST /users/me/apns_device_token). */
export function AdvancedSection() {
  return (
    <Accordion variant="contained" chevronPosition="left">
      <Accordion.Item value="advanced">
        <Accordion.Control>Advanced</Accordion.Control>
        <Accordion.Panel>
          <ApnsTokenForm />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function apnsParams(values: { token: string; appid: string }) {
  const appid = values.appid.trim();
  return { token: values.token.trim(), ...(appid ? { appid } : {}) };
}

function ApnsTokenForm() {
  const level = useFeatureLevel();
  const add = useAddApnsToken();
  const { form } = useOpForm({
    initialValues: { token: '', appid: '' },
    params: () => svcOps.addApnsDeviceToken.params,
    toParams: apnsParams,
  });
  const deprecated = level >= APNS_TOKEN_DEPRECATED_LEVEL;

  // The server judges the token (empty, length, format): its messages are shown as they come.
  const submit = form.onSubmit((values) => {
    add.mutate(apnsParams(values));
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="account-apns-heading">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600} id="account-apns-heading">
            Register an APNs device token
          </Text>
          <Badge color="orange" variant="light">
            Deprecated since feature level {APNS_TOKEN_DEPRECATED_LEVEL}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          The legacy way for an iOS device to register for push notifications.{' '}
          {deprecated
            ? 'This server still accepts it, but current mobile apps register devices another way; use it only for troubleshooting.'
            : 'This server predates its deprecation.'}
        </Text>
        <TextInput label="APNs device token" placeholder="c0ffee…" {...form.getInputProps('token')} />
        <TextInput label="App ID" placeholder="com.example.app" {...form.getInputProps('appid')} />
        <ServerError error={add.error} />
        {add.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            APNs device token registered.
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={add.isPending}>
            Register APNs token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
