import { Alert, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../client/api-error';
import { useRole } from '../../client/use-role';
import { PROXY_NOT_CONFIGURED_HOWTO, proxyErrorCodes } from '../../shared/proxy';

/** Only owners and administrators reach the proxy area; the BFF refuses everyone else anyway. */
export function AdminsOnly({ title, children }: { title: string; children: ReactNode }) {
  const { isAdmin, user } = useRole();
  if (user === null) return null;
  if (!isAdmin) {
    return (
      <Stack gap="md">
        <Title order={2}>{title}</Title>
        <Alert color="gray" title="Owners and administrators only">
          Only owners and administrators of the organization manage the proxy dashboard.
        </Alert>
      </Stack>
    );
  }
  return children;
}

/** The console runs without a dashboard: say so and how to give it one, instead of a spinner or a retry. */
export function NotConfigured({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Alert color="gray" title="No proxy dashboard is configured">
        <Stack gap="xs">
          <Text size="sm">{PROXY_NOT_CONFIGURED_HOWTO}</Text>
          <Text size="sm">Until then this area has nothing to show; the rest of the console works as usual.</Text>
        </Stack>
      </Alert>
    </Stack>
  );
}

/** The key was refused for this view's scope: name the scope and what to do, instead of an error. */
export function MissingScope({ scope, what, error }: { scope: string; what: string; error: ApiError }) {
  return (
    <Alert color="orange" title={`The console's key lacks ${scope}`} role="alert">
      <Stack gap="xs">
        <Text size="sm">
          The dashboard refused to {what} with the console&apos;s API key (“
          {String(error.envelope.upstreamMessage ?? error.envelope.msg)}”).
        </Text>
        <Text size="sm">
          Issue a key in the dashboard (Settings → API Keys) that lists <strong>{scope}</strong> — scopes are exact, a
          key with only admin does not have it — and set it as PROXY_API_KEY.
        </Text>
      </Stack>
    </Alert>
  );
}

/** Whether a refusal is the key lacking a scope (or being invalid), as opposed to another failure. */
export function isKeyRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === proxyErrorCodes.keyRejected;
}
