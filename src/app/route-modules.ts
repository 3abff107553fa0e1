import { paths } from '../shared/app-paths';

/** The signed-in pages' frame (navigation, header, live status): every page but sign-in loads it first. */
export const shellModule = () => import('./shell-route');
/** The live event map, which the shell loads after its first render (it pulls in every feature's handlers). */
export const liveSyncModule = () => import('./live-sync');

/**
 * Every lazily loaded route module, by path. The router loads them on navigation; the navigation menu
 * calls the same functions on hover or focus so the chunk is usually already there when the click lands.
 * (import() of the same specifier resolves to the same chunk and is only fetched once.) The build reads this
 * table too (src/build/route-preloads-plugin.ts), so that the BFF can name a page's files in its HTML: keep
 * each entry `[paths.name]` and an arrow returning the import.
 */
export const routeModules = {
  [paths.users]: () => import('./routes/users-route'),
  [paths.bulkRuns]: () => import('./routes/bulk-runs-route'),
  [paths.groups]: () => import('./routes/user-groups-route'),
  [paths.channels]: () => import('./routes/channels-route'),
  [paths.topics]: () => import('./routes/topics-route'),
  [paths.audit]: () => import('./routes/audit-route'),
  [paths.proxyRoutes]: () => import('./routes/proxy-routes-route'),
  [paths.proxyCertificates]: () => import('./routes/proxy-certs-route'),
  [paths.proxyTraffic]: () => import('./routes/proxy-traffic-route'),
  [paths.webhooks]: () => import('./routes/webhooks-route'),
  [paths.newUserDefaults]: () => import('./routes/realm-defaults-route'),
  [paths.linkifiers]: () => import('./routes/linkifiers-route'),
  [paths.invitations]: () => import('./routes/invitations-route'),
  [paths.profileFields]: () => import('./routes/profile-fields-route'),
  [paths.emoji]: () => import('./routes/custom-emoji-route'),
  [paths.organizationData]: () => import('./routes/organization-data-route'),
  [paths.drafts]: () => import('./routes/drafts-snippets-route'),
  [paths.account]: () => import('./routes/account-route'),
  [paths.server]: () => import('./routes/server-route'),
} as const;

/** Starts loading a route's chunk (and nothing else); safe to call repeatedly. */
export function preloadRoute(path: string): void {
  const load = (routeModules as Record<string, (() => Promise<unknown>) | undefined>)[path];
  if (load) void load().catch(() => undefined);
}
