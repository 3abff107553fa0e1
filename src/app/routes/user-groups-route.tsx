import { appQueryClient } from '../app-query-client';
import { maybeSignedIn } from '../../client/session';
import { userGroupsQueryOptions } from '../../features/user-groups/api/get-user-groups';
import { prefetchPeople } from '../../client/people';
import { UserGroupsPage } from '../../features/user-groups/user-groups-page';

/** Starts the groups list and the people who name their members as soon as the route matches, in parallel. */
export function loader() {
  if (!maybeSignedIn(appQueryClient)) return null;
  void appQueryClient.prefetchQuery(userGroupsQueryOptions());
  prefetchPeople(appQueryClient);
  return null;
}

export function UserGroupsRoute() {
  return <UserGroupsPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { UserGroupsRoute as Component };
