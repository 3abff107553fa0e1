import { BulkRunsPage } from '../../features/users/bulk/bulk-runs-page';

export function BulkRunsRoute() {
  return <BulkRunsPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { BulkRunsRoute as Component };
