import { useSession } from '../../client/session';

/**
 * Whether this console has a proxy dashboard, from the session info: false only when the BFF says so (an older
 * BFF leaves it out, and the area then learns it from the BFF's "not configured" answer as before).
 */
export function useProxyConfigured(): boolean {
  const { data } = useSession();
  return data?.proxyConfigured !== false;
}
