import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { sessionQueryOptions } from '../client/session';
import { HOME_PATH, paths } from '../shared/app-paths';
import { firstLoadRequests, USERS_LIST_PATH } from '../shared/bff/first-load';
import { appQueryClient } from './app-query-client';
import { RouteError } from './route-error';
import { prefetchUsers } from './route-data';
import { routeModules, shellModule } from './route-modules';
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
      {
        path: paths.users,
        // A static loader: the 10,000-user list is requested with the session, not after the page's chunk ran.
        loader: prefetchUsers,
        lazy: { Component: async () => (await routeModules[paths.users]()).UsersRoute },
      },
      {
        path: `${paths.bulkRuns}/:runId?`,
        lazy: { Component: async () => (await routeModules[paths.bulkRuns]()).BulkRunsRoute },
      },
      {
        path: paths.groups,
        lazy: {
          loader: async () => (await routeModules[paths.groups]()).loader,
          Component: async () => (await routeModules[paths.groups]()).UserGroupsRoute,
        },
      },
      {
        path: paths.channels,
        lazy: {
          loader: async () => (await routeModules[paths.channels]()).loader,
          Component: async () => (await routeModules[paths.channels]()).ChannelsRoute,
        },
      },
      {
        path: paths.topics,
        lazy: {
          loader: async () => (await routeModules[paths.topics]()).loader,
          Component: async () => (await routeModules[paths.topics]()).TopicsRoute,
        },
      },
      {
        path: paths.audit,
        lazy: { Component: async () => (await routeModules[paths.audit]()).AuditRoute },
      },
      {
        path: paths.proxyRoutes,
        lazy: { Component: async () => (await routeModules[paths.proxyRoutes]()).ProxyRoutesRoute },
      },
      {
        path: paths.proxyCertificates,
        lazy: { Component: async () => (await routeModules[paths.proxyCertificates]()).ProxyCertsRoute },
      },
      {
        path: paths.proxyTraffic,
        lazy: { Component: async () => (await routeModules[paths.proxyTraffic]()).ProxyTrafficRoute },
      },
      {
        path: paths.webhooks,
        lazy: { Component: async () => (await routeModules[paths.webhooks]()).WebhooksRoute },
      },
      {
        path: paths.newUserDefaults,
        lazy: {
          loader: async () => (await routeModules[paths.newUserDefaults]()).loader,
          Component: async () => (await routeModules[paths.newUserDefaults]()).RealmDefaultsRoute,
        },
      },
      {
        path: paths.linkifiers,
        lazy: { Component: async () => (await routeModules[paths.linkifiers]()).LinkifiersRoute },
      },
      {
        path: paths.invitations,
        lazy: { Component: async () => (await routeModules[paths.invitations]()).InvitationsRoute },
      },
      {
        path: paths.profileFields,
        lazy: { Component: async () => (await routeModules[paths.profileFields]()).ProfileFieldsRoute },
      },
      {
        path: paths.emoji,
        lazy: { Component: async () => (await routeModules[paths.emoji]()).CustomEmojiRoute },
      },
      {
        path: paths.organizationData,
        lazy: { Component: async () => (await routeModules[paths.organizationData]()).OrganizationDataRoute },
      },
      {
        path: paths.drafts,
        lazy: { Component: async () => (await routeModules[paths.drafts]()).DraftsSnippetsRoute },
      },
      { path: paths.account, lazy: { Component: async () => (await routeModules[paths.account]()).AccountRoute } },
      { path: paths.server, lazy: { Component: async () => (await routeModules[paths.server]()).ServerRoute } },
      { path: '*', lazy: { Component: async () => (await import('./routes/not-found-route')).NotFoundRoute } },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
