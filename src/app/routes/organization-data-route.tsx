import { OrganizationDataPage } from '../../features/organization-data/organization-data-page';

export function OrganizationDataRoute() {
  return <OrganizationDataPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { OrganizationDataRoute as Component };
