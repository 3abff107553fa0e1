import { auditApi } from './audit';
import { bulkApi } from './bulk';
import { sessionApi, usersListRoute } from './first-load';
import { ownSessionsApi, stateApi } from './protocol';
import { proxyApi } from './proxy-api';
import type { BffRoute } from './route-def';
import { webhooksApi } from './webhooks';

/**
 * Every BFF route of the console's own that the SPA calls, by area. Each area's routes are described beside its
 * schemas (so a page's chunk loads only its own area's); this is the one list of them all, which the BFF's test
 * holds to what the app really mounts (src/server/routes/bff-routes.test.ts). The chat operations (`/bff/svc/*`)
 * are described by the catalog, and the proxy procedures by their table; they are not repeated here.
 */
export const bffApi = {
  session: sessionApi,
  ownSessions: ownSessionsApi,
  state: stateApi,
  usersList: { list: usersListRoute },
  audit: auditApi,
  bulk: bulkApi,
  webhooks: webhooksApi,
  proxy: proxyApi,
} satisfies Record<string, Record<string, BffRoute>>;

/** Every route of the table, named `area.name`. */
export function allBffRoutes(): [string, BffRoute][] {
  return Object.entries(bffApi).flatMap(([area, routes]) =>
    Object.entries(routes).map(([name, route]): [string, BffRoute] => [`${area}.${name}`, route]),
  );
}
