import { AuditPage } from '../../features/audit/audit-page';

export function AuditRoute() {
  return <AuditPage />;
}
