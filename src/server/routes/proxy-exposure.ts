import { EXPOSURE_PROCEDURES, type ProxyExposure } from '../../shared/proxy';
import type { ProxyUpstream } from '../upstreams/proxy-upstream';

/** What each public read gives away, in words for the notice. */
const WHAT: Record<(typeof EXPOSURE_PROCEDURES)[number], string> = {
  'routes.get': "any route's full record (domain, upstreams, settings)",
  'drift.list': "the drift detector's findings (which routes are missing or differ in the proxy)",
  'caddy.status': 'whether the proxy is up, and how many routes it holds',
  'caddy.config': "the proxy's whole running configuration",
};

/** An id no dashboard issues: a "not found" answer still shows the procedure ran without any credential. */
const PROBE_ID = 'realm-console-exposure-probe';

/** How long one check is reused: the dashboard's access rules change with its version, not by the minute. */
export const EXPOSURE_TTL_MS = 5 * 60_000;

/**
 * Asks the dashboard, with no key and no cookie, each public read the console knows of. "Open" means it answered
 * (or, for `routes.get`, said "not found" rather than "not authenticated"); it is checked, never assumed.
 */
export function exposureCheck(proxy: ProxyUpstream, now: () => number) {
  let cached: { at: number; value: ProxyExposure } | null = null;
  return async (): Promise<ProxyExposure> => {
    if (cached && now() - cached.at < EXPOSURE_TTL_MS) return cached.value;
    const probes = await Promise.all(
      EXPOSURE_PROCEDURES.map(async (procedure) => {
        const result = await proxy.callAnonymously(
          procedure,
          procedure === 'routes.get' ? { id: PROBE_ID } : undefined,
        );
        const open = result.ok || (procedure === 'routes.get' && result.status === 404);
        return { procedure, what: WHAT[procedure], open };
      }),
    );
    const value = { checkedAt: new Date(now()).toISOString(), probes };
    cached = { at: now(), value };
    return value;
  };
}
