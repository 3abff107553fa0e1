import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateRouteInput } from '../../../shared/proxy';
import { callProxy } from './call-proxy';
import { proxyRootKey } from './get-overview';

/**
 * `publicApi.updateRoute {id, patch}` (scope routes:write); enabling and disabling are `patch.enabled`. The answer
 * carries the BFF's read-back report (see write-outcome.ts), which is what the console tells from.
 */
export function useUpdateProxyRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRouteInput) => callProxy('publicApi.updateRoute', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: proxyRootKey }),
  });
}
