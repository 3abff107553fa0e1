import { BulkRunsPage } from '../../features/users/bulk/bulk-runs-page';

export function BulkRunsRoute() {
  return <BulkRunsPage />;
}
