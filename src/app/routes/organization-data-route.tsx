import { OrganizationDataPage } from '../../features/organization-data/organization-data-page';

export function OrganizationDataRoute() {
  return <OrganizationDataPage />;
}
