import { maybeSignedIn } from '../client/session';
import { pages } from '../shared/app-paths';
import type { PageSpec } from '../shared/pages';
import { prefetchUsersList } from '../features/users/api/get-users';
import { appQueryClient } from './app-query-client';
import { preloadRoute, routeModuleOf } from './route-modules';

/**
 * The users route's loader. Static (in the entry), not in the page's chunk: the router runs it without
 * waiting for that chunk, and the 10,000-user list is the slowest part of the page.
 */
export function prefetchUsers() {
  if (maybeSignedIn(appQueryClient)) prefetchUsersList(appQueryClient);
  return null;
}

/**
 * Starts everything a navigation to `path` loads: the page's chunk and the requests its loader makes. The
 * navigation menu calls it when the button goes down on a link; the click comes on release, about a tenth of
 * a second later, and the router's own run of the loader then finds the requests already on their way.
 */
export function preloadRouteData(path: string): void {
  preloadRoute(path);
  const spec: PageSpec | undefined = Object.values(pages).find((page: PageSpec) => page.path === path);
  if (spec?.preload === 'usersList') {
    prefetchUsers();
    return;
  }
  if (spec?.preload !== 'loader') return;
  const request = new Request(new URL(path, location.origin));
  void routeModuleOf(path)?.()
    .then((module) => module.loader?.({ request }))
    .catch(() => undefined);
}
