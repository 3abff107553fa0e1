import { badRequest, noSuchUser } from '../errors';
import { endpoint, userHandler } from '../handler';
import { SIM_LEVELS } from '../levels';
import { hasPresence, legacyReport, type SimPresence } from '../presence';
import type { SimUser, SvcStore } from '../store';
import { text } from '../param-spec';

/** Since level 178 every user's presence holds `website` and `aggregated`, with the same data. */
function formatPresence(row: SimPresence, withClientFields: boolean) {
  const { status, timestamp } = legacyReport(row);
  if (!withClientFields) return { website: { status, timestamp }, aggregated: { status, timestamp } };
  return {
    website: { client: 'website', status, timestamp, pushable: false },
    aggregated: { client: 'website', status, timestamp },
  };
}

/** A user by ID or by API email (the form this endpoint accepted before level 43). */
function userByIdOrEmail(store: SvcStore, key: string): SimUser | undefined {
  if (/^\d+$/.test(key)) return store.user(Number(key));
  return store.userByApiEmail(key) ?? store.userByDeliveryEmail(key);
}

export const presenceHandlers = [
  userHandler(endpoint({ method: 'GET', path: '/realm/presence', params: {} }), ({ core }) => {
    const { store } = core;
    const presences: Record<string, ReturnType<typeof formatPresence>> = {};
    for (const user of store.users) {
      const row = store.presence.get(user.user_id);
      if (row && hasPresence(store, user)) presences[user.apiEmail] = formatPresence(row, true);
    }
    return { server_timestamp: store.now() / 1000, presences };
  }),

  userHandler(
    endpoint({ method: 'GET', path: '/users/{user_id_or_email}/presence', params: { user_id_or_email: text() } }),
    ({ core, params }) => {
      const { store } = core;
      const target = userByIdOrEmail(store, params.user_id_or_email);
      if (!target) throw noSuchUser();
      const row = store.presence.get(target.user_id);
      if (!row || target.isBot) throw badRequest(`No presence data for ${target.apiEmail}`);
      // From level 487 only the modern format: the two timestamps the server keeps, no per-client report.
      if (store.featureLevel >= SIM_LEVELS.presenceModernOnly) {
        return { presence: { active_timestamp: row.activeTimestamp, idle_timestamp: row.idleTimestamp } };
      }
      return { presence: formatPresence(row, false) };
    },
  ),
];
