import { AUDIT_FILTER_KEYS, type AuditFilter } from '../../shared/bff/audit';

/** The filter as query parameters (empty ones left out), for the API, the export links and the page URL. */
export function filterQueryString(filter: AuditFilter): string {
  const query = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filter[key];
    if (value) query.set(key, value);
  }
  return query.toString();
}
