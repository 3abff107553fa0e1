import type { EventHandlers } from '../../client/event-handlers';
import { realmExportEventSchema, realmPlaygroundsEventSchema } from '../../shared/svc/organization-data';
import { dataExportsQueryOptions } from './api/data-exports';
import { playgroundsQueryOptions } from './api/code-playgrounds';

/** Both events carry the whole list: it replaces the cached one. */
export const organizationDataEventHandlers: EventHandlers = {
  realm_export: (raw, client) => {
    const event = realmExportEventSchema.safeParse(raw);
    if (event.success) client.setQueryData(dataExportsQueryOptions().queryKey, event.data.exports);
  },
  realm_playgrounds: (raw, client) => {
    const event = realmPlaygroundsEventSchema.safeParse(raw);
    if (event.success) client.setQueryData(playgroundsQueryOptions().queryKey, event.data.realm_playgrounds);
  },
};
