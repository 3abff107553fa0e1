import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../client/notify';
import type { RouteRecord, UpdateRouteInput } from '../../../shared/proxy';
import { callProxy } from './call-proxy';
import { proxyRootKey } from './get-overview';

/** `publicApi.updateRoute {id, patch}` (scope routes:write); enabling and disabling are `patch.enabled`. */
export function useUpdateProxyRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRouteInput) => callProxy('publicApi.updateRoute', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: proxyRootKey }),
  });
}

/** The notice that `route` was switched off (`wasEnabled`) or on: the same wherever the switch is. */
export function notifyRouteToggled(route: RouteRecord, wasEnabled: boolean): void {
  notify(
    'success',
    `proxy-route-${route.id}`,
    wasEnabled ? 'Route disabled' : 'Route enabled',
    `${route.domain} is ${wasEnabled ? 'no longer proxied' : 'proxied again'}.`,
  );
}
