import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EventHandlers } from '../../client/event-handlers';
import { realmExportEventSchema, realmPlaygroundsEventSchema } from '../../shared/svc/organization-data';
import { dataExportsQueryOptions } from './api/data-exports';
import { playgroundsQueryOptions } from './api/code-playgrounds';

/** The newest list each event set, by query: only the newest is set again once a cancelled read is undone. */
const newest = new Map<string, unknown>();

/**
 * An event's whole list replaces the cached one. A read still in flight (a write's re-read) may have been
 * answered from before this event and would land after it, putting back what the event took away: it is
 * cancelled, and since cancelling restores the cache as it was before that read, the list is set again after.
 */
function replaceList(client: QueryClient, queryKey: QueryKey, list: unknown) {
  const key = JSON.stringify(queryKey);
  newest.set(key, list);
  const cancelled = client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, list);
  void cancelled.then(() => {
    if (newest.get(key) === list) client.setQueryData(queryKey, list);
  });
}

/** Both events carry the whole list. */
export const organizationDataEventHandlers: EventHandlers = {
  realm_export: (raw, client) => {
    const event = realmExportEventSchema.safeParse(raw);
    if (event.success) replaceList(client, dataExportsQueryOptions().queryKey, event.data.exports);
  },
  realm_playgrounds: (raw, client) => {
    const event = realmPlaygroundsEventSchema.safeParse(raw);
    if (event.success) replaceList(client, playgroundsQueryOptions().queryKey, event.data.realm_playgrounds);
  },
};
