import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { sessionQueryOptions } from '../client/session';
import { appQueryClient } from './app-query-client';
import { AppLayout } from './app-layout';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';

// Each feature page is its own lazily loaded chunk; the shell and sign-in stay small.
const router = createBrowserRouter([
  {
    path: '/sign-in',
    lazy: async () => ({ Component: (await import('./routes/sign-in-route')).SignInRoute }),
    errorElement: <RouteError />,
  },
  {
    // The session request starts with the router, not after the first render.
    loader: () => {
      void appQueryClient.prefetchQuery(sessionQueryOptions);
      return null;
    },
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/users" replace /> },
      {
        path: 'users',
        lazy: async () => {
          const route = await import('./routes/users-route');
          return { Component: route.UsersRoute, loader: route.loader };
        },
      },
      {
        path: 'groups',
        lazy: async () => {
          const route = await import('./routes/user-groups-route');
          return { Component: route.UserGroupsRoute, loader: route.loader };
        },
      },
      {
        path: 'channels',
        lazy: async () => {
          const route = await import('./routes/channels-route');
          return { Component: route.ChannelsRoute, loader: route.loader };
        },
      },
      {
        path: 'topics',
        lazy: async () => {
          const route = await import('./routes/topics-route');
          return { Component: route.TopicsRoute, loader: route.loader };
        },
      },
      {
        path: 'audit',
        lazy: async () => ({ Component: (await import('./routes/audit-route')).AuditRoute }),
      },
      {
        path: 'proxy/routes',
        lazy: async () => ({ Component: (await import('./routes/proxy-routes-route')).ProxyRoutesRoute }),
      },
      {
        path: 'webhooks',
        lazy: async () => ({ Component: (await import('./routes/webhooks-route')).WebhooksRoute }),
      },
      {
        path: 'settings/new-user-defaults',
        lazy: async () => {
          const route = await import('./routes/realm-defaults-route');
          return { Component: route.RealmDefaultsRoute, loader: route.loader };
        },
      },
      {
        path: 'settings/linkifiers',
        lazy: async () => ({ Component: (await import('./routes/linkifiers-route')).LinkifiersRoute }),
      },
      {
        path: 'me/drafts',
        lazy: async () => ({ Component: (await import('./routes/drafts-snippets-route')).DraftsSnippetsRoute }),
      },
      { path: 'me', lazy: async () => ({ Component: (await import('./routes/account-route')).AccountRoute }) },
      { path: 'server', lazy: async () => ({ Component: (await import('./routes/server-route')).ServerRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found-route')).NotFoundRoute }) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
