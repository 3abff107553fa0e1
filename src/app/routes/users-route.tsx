import { UsersPage } from '../../features/users/users-page';

// The users list is prefetched by the route's loader in router.tsx, before this chunk loads.

export function UsersRoute() {
  return <UsersPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { UsersRoute as Component };
