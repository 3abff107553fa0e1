import { UserGroupsPage } from '../../features/user-groups/user-groups-page';

export function UserGroupsRoute() {
  return <UserGroupsPage />;
}
