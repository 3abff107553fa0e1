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

// The shell's loader repeats the session request (a no-op while fresh) on later navigations.
function prefetchSession() {
  void appQueryClient.prefetchQuery(sessionQueryOptions);
  return null;
}

function FirstLoadFallback() {
  return null;
}

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
const routes: RouteObject[] = [
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
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * Starts the console at the address the browser shows: the session request, and on a first load of /users the
 * list, go out now, in parallel with the route chunks (the router would run the users route's loader only after
 * evaluating its first chunks, and the list is the slowest part of the page; the BFF's preload header names the
 * same requests, from the same table). Then the router reads the location. Nothing happens as this module
 * loads: the sign-in page evaluates it while the password is typed, before there is a session or the address
 * of the page to open. Called by each entry before its first render; later calls return the same router.
 */
export function startConsole() {
  if (router) return router;
  prefetchSession();
  if (firstLoadRequests(location.pathname, true).includes(USERS_LIST_PATH)) prefetchUsers();
  router = createBrowserRouter(routes);
  return router;
}

export function AppRouter() {
  return <RouterProvider router={startConsole()} useTransitions={false} />;
}
