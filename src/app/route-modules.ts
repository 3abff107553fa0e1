import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { paths, type ShellPageName } from '../shared/app-paths';

/** The signed-in pages' frame (navigation, header, live status): every page but sign-in loads it first. */
export const shellModule = () => import('./shell-route');
/** The live event map, which the shell loads after its first render (it pulls in every feature's handlers). */
export const liveSyncModule = () => import('./live-sync');

/** What a page's module gives the router: the page, and its loader where the registry says `preload: 'loader'`. */
export interface RouteModule {
  Component: ComponentType;
  loader?: (args: Pick<LoaderFunctionArgs, 'request'>) => unknown;
}

/**
 * Every page's lazily loaded module, by path — the one part of a page the registry (src/shared/pages.ts) cannot
 * hold, since the BFF reads the registry too; its type asks for an entry for every signed-in page there. The
 * router loads them on navigation; the navigation menu calls the same functions on hover or focus so the chunk
 * is usually already there when the click lands. (import() of the same specifier resolves to the same chunk
 * and is only fetched once.) The build reads this table too (src/build/route-preloads-plugin.ts), so that the
 * BFF can name a page's files in its HTML: keep each entry `[paths.name]` and an arrow returning the import.
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
  [paths.alertWords]: () => import('../features/alert-words/alert-words-page'),
  [paths.server]: () => import('./routes/server-route'),
} as const satisfies { readonly [N in ShellPageName as (typeof paths)[N]]: () => Promise<RouteModule> };

/** The module of a page's path; undefined for an address that is not a page. */
export function routeModuleOf(path: string): (() => Promise<RouteModule>) | undefined {
  const entry = Object.entries(routeModules).find(([page]) => page === path);
  return entry?.[1];
}

/** Starts loading a route's chunk (and nothing else); safe to call repeatedly. */
export function preloadRoute(path: string): void {
  const load = routeModuleOf(path);
  if (load) void load().catch(() => undefined);
}
