import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRouteInput } from '../../../shared/proxy';
import { callProxy } from './call-proxy';
import { proxyRootKey } from './get-overview';

/** `publicApi.createRoute` (scope routes:write); answers `{id}`. */
export function useCreateProxyRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRouteInput) => callProxy('publicApi.createRoute', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: proxyRootKey }),
  });
}
