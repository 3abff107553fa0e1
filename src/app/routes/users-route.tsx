import { appQueryClient } from '../app-query-client';
import { usersQueryOptions } from '../../features/users/api/get-users';
import { UsersPage } from '../../features/users/users-page';

/** Starts the users request as soon as the route matches, in parallel with the session check and render. */
export function loader() {
  void appQueryClient.prefetchQuery(usersQueryOptions());
  return null;
}

export function UsersRoute() {
  return <UsersPage />;
}
