import { ProfileFieldsPage } from '../../features/profile-fields/profile-fields-page';

export function ProfileFieldsRoute() {
  return <ProfileFieldsPage />;
}
