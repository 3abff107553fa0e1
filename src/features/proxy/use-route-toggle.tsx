import { List, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../client/api-error';
import { notify } from '../../client/notify';
import type { RouteRecord } from '../../shared/proxy';
import { useUpdateProxyRoute } from './api/update-route';
import { announceWrite, writeFailureTitle } from './write-outcome';
import { ConfirmAction } from '../../components/confirm-action';

/**
 * Switching a route on or off through the key API (`patch.enabled`). Switching a route off asks first, and says
 * what it will and will not do: the key API stores the flag, while the proxy may keep serving the domain.
 */
export function useRouteToggle(route: RouteRecord | null): {
  enabled: boolean;
  pending: boolean;
  request: () => void;
  dialog: ReactNode;
  error: unknown;
} {
  const update = useUpdateProxyRoute();
  const [confirming, setConfirming] = useState(false);
  const enabled = route?.enabled !== false;

  const run = () => {
    if (!route) return;
    const action = enabled ? 'disable' : 'enable';
    update.mutate(
      { id: route.id, patch: { enabled: !enabled } },
      {
        onSuccess: (data) => {
          setConfirming(false);
          announceWrite(action, route.id, route.domain, data);
        },
        onError: (error) => {
          if (!confirming) {
            notify(
              'error',
              `proxy-route-${route.id}`,
              writeFailureTitle(error, 'The dashboard refused the change'),
              error instanceof ApiError ? error.envelope.msg : String(error),
            );
          }
        },
      },
    );
  };

  const dialog = route ? (
    <ConfirmAction
      opened={confirming}
      onClose={() => setConfirming(false)}
      title={`Disable ${route.domain}?`}
      confirmLabel="Store as disabled"
      onConfirm={run}
      tone="warning"
      pending={update.isPending}
      error={update.error}
      errorTitle={writeFailureTitle(update.error, 'The dashboard refused the change')}
    >
      <Text size="sm">The dashboard will store this route as disabled. What the console can and cannot do:</Text>
      <List size="sm" spacing={4}>
        <List.Item>It reads the route back and tells you whether the flag was stored.</List.Item>
        <List.Item>
          It cannot take the route out of the proxy: through its API key a disable only stores the flag, and requests
          for <strong>{route.domain}</strong> may keep reaching its upstreams.
        </List.Item>
        <List.Item>To stop traffic for certain, switch the route off in the dashboard itself, or delete it.</List.Item>
      </List>
    </ConfirmAction>
  ) : null;

  return {
    enabled,
    pending: update.isPending,
    error: update.error,
    request: () => {
      update.reset();
      if (enabled) setConfirming(true);
      else run();
    },
    dialog,
  };
}
