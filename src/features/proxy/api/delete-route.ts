import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callProxy } from './call-proxy';
import { proxyRootKey } from './get-overview';

/** `publicApi.deleteRoute {id}` (scope routes:write). */
export function useDeleteProxyRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callProxy('publicApi.deleteRoute', { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: proxyRootKey }),
  });
}
