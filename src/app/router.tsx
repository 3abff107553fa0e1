import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { sessionQueryOptions } from '../client/session';
import { HOME_PATH, pages, paths, routePattern, type ShellPageName } from '../shared/app-paths';
import type { PageSpec } from '../shared/pages';
import { firstLoadRequests, USERS_LIST_PATH } from '../shared/bff/first-load';
import { appQueryClient } from './app-query-client';
import { RouteError } from './route-error';
import { prefetchUsers } from './route-data';
import { routeModules, shellModule, type RouteModule } from './route-modules';
import { SignInRoute } from './routes/sign-in-route';

// The session request starts as this module loads, in parallel with the route chunks, not after the first
// render; the shell's loader repeats it (a no-op while fresh) on later navigations.
function prefetchSession() {
  void appQueryClient.prefetchQuery(sessionQueryOptions);
  return null;
}
prefetchSession();

function FirstLoadFallback() {
  return null;
}

// A first load of /users asks for the list now, with the session: the router would run the route's loader
// only after evaluating its first chunks, and the list is the slowest part of the page. (The BFF's preload
// header names the same request, from the same table.)
if (firstLoadRequests(location.pathname, true).includes(USERS_LIST_PATH)) prefetchUsers();

const shellPages = (Object.keys(pages) as ShellPageName[]).filter((name) => !('public' in pages[name]));

/**
 * A page's route, from its registry entry: the users page gets a static loader (the 10,000-user list is
 * requested with the session, not after the page's chunk ran); a page whose module has a loader gets it lazily;
 * the others none, since a route with a loader makes the router wait a turn before its first render.
 */
function pageRoute(name: ShellPageName): RouteObject {
  const load: () => Promise<RouteModule> = routeModules[paths[name]];
  const spec: PageSpec = pages[name];
  const Component = async () => (await load()).Component;
  if (spec.preload === 'usersList') return { path: routePattern(name), loader: prefetchUsers, lazy: { Component } };
  if (spec.preload === 'loader') {
    return { path: routePattern(name), lazy: { loader: async () => (await load()).loader, Component } };
  }
  return { path: routePattern(name), lazy: { Component } };
}

// Each feature page is its own lazily loaded chunk, and so is the shell: the sign-in route loads neither. The
// sign-in page itself is in the entry (a fresh visit to /sign-in gets sign-in.html, without this router).
// Lazy objects, not functions: the router runs a route's loader while its component's chunk loads.
const router = createBrowserRouter([
  {
    // No loader: a route with one makes the router wait a turn before its first render.
    path: paths.signIn,
    Component: SignInRoute,
    errorElement: <RouteError />,
  },
  {
    loader: prefetchSession,
    // A first load shows the blank page while the shell's chunk arrives, as it did, but says so explicitly
    // (the router warns about a missing fallback otherwise).
    HydrateFallback: FirstLoadFallback,
    lazy: { Component: async () => (await shellModule()).ShellRoute },
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      ...shellPages.map(pageRoute),
      { path: '*', lazy: { Component: async () => (await import('./routes/not-found-route')).NotFoundRoute } },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
