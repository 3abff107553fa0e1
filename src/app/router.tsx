import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { sessionQueryOptions } from '../client/session';
import { firstLoadRequests, HOME_PATH, USERS_LIST_PATH } from '../shared/bff/first-load';
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
    path: '/sign-in',
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
        path: 'users',
        // A static loader: the 10,000-user list is requested with the session, not after the page's chunk ran.
        loader: prefetchUsers,
        lazy: { Component: async () => (await routeModules['/users']()).UsersRoute },
      },
      {
        path: 'users/bulk-runs/:runId?',
        lazy: { Component: async () => (await routeModules['/users/bulk-runs']()).BulkRunsRoute },
      },
      {
        path: 'groups',
        lazy: {
          loader: async () => (await routeModules['/groups']()).loader,
          Component: async () => (await routeModules['/groups']()).UserGroupsRoute,
        },
      },
      {
        path: 'channels',
        lazy: {
          loader: async () => (await routeModules['/channels']()).loader,
          Component: async () => (await routeModules['/channels']()).ChannelsRoute,
        },
      },
      {
        path: 'topics',
        lazy: {
          loader: async () => (await routeModules['/topics']()).loader,
          Component: async () => (await routeModules['/topics']()).TopicsRoute,
        },
      },
      {
        path: 'audit',
        lazy: { Component: async () => (await routeModules['/audit']()).AuditRoute },
      },
      {
        path: 'proxy/routes',
        lazy: { Component: async () => (await routeModules['/proxy/routes']()).ProxyRoutesRoute },
      },
      {
        path: 'proxy/certificates',
        lazy: { Component: async () => (await routeModules['/proxy/certificates']()).ProxyCertsRoute },
      },
      {
        path: 'proxy/traffic',
        lazy: { Component: async () => (await routeModules['/proxy/traffic']()).ProxyTrafficRoute },
      },
      {
        path: 'webhooks',
        lazy: { Component: async () => (await routeModules['/webhooks']()).WebhooksRoute },
      },
      {
        path: 'settings/new-user-defaults',
        lazy: {
          loader: async () => (await routeModules['/settings/new-user-defaults']()).loader,
          Component: async () => (await routeModules['/settings/new-user-defaults']()).RealmDefaultsRoute,
        },
      },
      {
        path: 'settings/linkifiers',
        lazy: { Component: async () => (await routeModules['/settings/linkifiers']()).LinkifiersRoute },
      },
      {
        path: 'invitations',
        lazy: { Component: async () => (await routeModules['/invitations']()).InvitationsRoute },
      },
      {
        path: 'settings/profile-fields',
        lazy: { Component: async () => (await routeModules['/settings/profile-fields']()).ProfileFieldsRoute },
      },
      {
        path: 'settings/emoji',
        lazy: { Component: async () => (await routeModules['/settings/emoji']()).CustomEmojiRoute },
      },
      {
        path: 'settings/data',
        lazy: { Component: async () => (await routeModules['/settings/data']()).OrganizationDataRoute },
      },
      {
        path: 'me/drafts',
        lazy: { Component: async () => (await routeModules['/me/drafts']()).DraftsSnippetsRoute },
      },
      { path: 'me', lazy: { Component: async () => (await routeModules['/me']()).AccountRoute } },
      { path: 'server', lazy: { Component: async () => (await routeModules['/server']()).ServerRoute } },
      { path: '*', lazy: { Component: async () => (await import('./routes/not-found-route')).NotFoundRoute } },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
