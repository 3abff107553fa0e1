import { AuditPage } from '../../features/audit/audit-page';

export function AuditRoute() {
  return <AuditPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { AuditRoute as Component };
