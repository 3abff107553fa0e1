import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
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
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/users" replace /> },
      { path: 'users', lazy: async () => ({ Component: (await import('./routes/users-route')).UsersRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found-route')).NotFoundRoute }) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
