/** The signed-in pages' frame (navigation, header, live status): every page but sign-in loads it first. */
export const shellModule = () => import('./shell-route');
/** The live event map, which the shell loads after its first render (it pulls in every feature's handlers). */
export const liveSyncModule = () => import('./live-sync');

/**
 * Every lazily loaded route module, by path. The router loads them on navigation; the navigation menu
 * calls the same functions on hover or focus so the chunk is usually already there when the click lands.
 * (import() of the same specifier resolves to the same chunk and is only fetched once.) The build reads this
 * table too (src/build/route-preloads-plugin.ts), so that the BFF can name a page's files in its HTML: keep
 * each entry a quoted path and an arrow returning the import.
 */
export const routeModules = {
  '/users': () => import('./routes/users-route'),
  '/users/bulk-runs': () => import('./routes/bulk-runs-route'),
  '/groups': () => import('./routes/user-groups-route'),
  '/channels': () => import('./routes/channels-route'),
  '/topics': () => import('./routes/topics-route'),
  '/audit': () => import('./routes/audit-route'),
  '/proxy/routes': () => import('./routes/proxy-routes-route'),
  '/proxy/certificates': () => import('./routes/proxy-certs-route'),
  '/proxy/traffic': () => import('./routes/proxy-traffic-route'),
  '/webhooks': () => import('./routes/webhooks-route'),
  '/settings/new-user-defaults': () => import('./routes/realm-defaults-route'),
  '/settings/linkifiers': () => import('./routes/linkifiers-route'),
  '/invitations': () => import('./routes/invitations-route'),
  '/settings/profile-fields': () => import('./routes/profile-fields-route'),
  '/settings/emoji': () => import('./routes/custom-emoji-route'),
  '/settings/data': () => import('./routes/organization-data-route'),
  '/me/drafts': () => import('./routes/drafts-snippets-route'),
  '/me': () => import('./routes/account-route'),
  '/server': () => import('./routes/server-route'),
} as const;

/** Starts loading a route's chunk (and nothing else); safe to call repeatedly. */
export function preloadRoute(path: string): void {
  const load = (routeModules as Record<string, (() => Promise<unknown>) | undefined>)[path];
  if (load) void load().catch(() => undefined);
}
