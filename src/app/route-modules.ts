/**
 * Every lazily loaded route module, by path. The router loads them on navigation; the navigation menu
 * calls the same functions on hover or focus so the chunk is usually already there when the click lands.
 * (import() of the same specifier resolves to the same chunk and is only fetched once.)
 */
export const routeModules = {
  '/users': () => import('./routes/users-route'),
  '/groups': () => import('./routes/user-groups-route'),
  '/channels': () => import('./routes/channels-route'),
  '/topics': () => import('./routes/topics-route'),
  '/audit': () => import('./routes/audit-route'),
  '/proxy/routes': () => import('./routes/proxy-routes-route'),
  '/webhooks': () => import('./routes/webhooks-route'),
  '/settings/new-user-defaults': () => import('./routes/realm-defaults-route'),
  '/settings/linkifiers': () => import('./routes/linkifiers-route'),
  '/me/drafts': () => import('./routes/drafts-snippets-route'),
  '/me': () => import('./routes/account-route'),
  '/server': () => import('./routes/server-route'),
} as const;

/** Starts loading a route's chunk (and nothing else); safe to call repeatedly. */
export function preloadRoute(path: string): void {
  const load = (routeModules as Record<string, (() => Promise<unknown>) | undefined>)[path];
  if (load) void load().catch(() => undefined);
}
