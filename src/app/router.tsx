import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { sessionQueryOptions } from '../client/session';
import { prefetchUsersList } from '../features/users/api/get-users';
import { appQueryClient } from './app-query-client';
import { RouteError } from './route-error';
import { routeModules } from './route-modules';
import { SignInRoute } from './routes/sign-in-route';

// The session request starts as this module loads, in parallel with the route chunks, not after the first
// render; the shell's loader repeats it (a no-op while fresh) on later navigations.
function prefetchSession() {
  void appQueryClient.prefetchQuery(sessionQueryOptions);
  return null;
}
prefetchSession();

function prefetchUsers() {
  prefetchUsersList(appQueryClient);
  return null;
}

// Each feature page is its own lazily loaded chunk, and so is the shell: the sign-in route loads neither. The
// sign-in page itself is in the entry: it is small, mostly Mantine inputs every page shares, and a lazy chunk
// would put a second round of requests between the first byte and a usable form.
const router = createBrowserRouter([
  {
    // No loader: a route with one makes the router wait a turn before its first render.
    path: '/sign-in',
    Component: SignInRoute,
    errorElement: <RouteError />,
  },
  {
    loader: prefetchSession,
    lazy: async () => ({ Component: (await import('./shell-route')).ShellRoute }),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/users" replace /> },
      {
        path: 'users',
        // A static loader: the 10,000-user list is requested with the session, not after the page's chunk ran.
        loader: prefetchUsers,
        lazy: async () => ({ Component: (await routeModules['/users']()).UsersRoute }),
      },
      {
        path: 'groups',
        lazy: async () => {
          const route = await routeModules['/groups']();
          return { Component: route.UserGroupsRoute, loader: route.loader };
        },
      },
      {
        path: 'channels',
        lazy: async () => {
          const route = await routeModules['/channels']();
          return { Component: route.ChannelsRoute, loader: route.loader };
        },
      },
      {
        path: 'topics',
        lazy: async () => {
          const route = await routeModules['/topics']();
          return { Component: route.TopicsRoute, loader: route.loader };
        },
      },
      {
        path: 'audit',
        lazy: async () => ({ Component: (await routeModules['/audit']()).AuditRoute }),
      },
      {
        path: 'proxy/routes',
        lazy: async () => ({ Component: (await routeModules['/proxy/routes']()).ProxyRoutesRoute }),
      },
      {
        path: 'webhooks',
        lazy: async () => ({ Component: (await routeModules['/webhooks']()).WebhooksRoute }),
      },
      {
        path: 'settings/new-user-defaults',
        lazy: async () => {
          const route = await routeModules['/settings/new-user-defaults']();
          return { Component: route.RealmDefaultsRoute, loader: route.loader };
        },
      },
      {
        path: 'settings/linkifiers',
        lazy: async () => ({ Component: (await routeModules['/settings/linkifiers']()).LinkifiersRoute }),
      },
      {
        path: 'me/drafts',
        lazy: async () => ({ Component: (await routeModules['/me/drafts']()).DraftsSnippetsRoute }),
      },
      { path: 'me', lazy: async () => ({ Component: (await routeModules['/me']()).AccountRoute }) },
      { path: 'server', lazy: async () => ({ Component: (await routeModules['/server']()).ServerRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found-route')).NotFoundRoute }) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
