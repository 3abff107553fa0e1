import { ProfileFieldsPage } from '../../features/profile-fields/profile-fields-page';

export function ProfileFieldsRoute() {
  return <ProfileFieldsPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { ProfileFieldsRoute as Component };
