import { UsersPage } from '../../features/users/users-page';

export function UsersRoute() {
  return <UsersPage />;
}
