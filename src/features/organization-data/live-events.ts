import { replaceFromEvent, type EventHandlers } from '../../client/event-handlers';
import { realmExportEventSchema, realmPlaygroundsEventSchema } from '../../shared/svc/organization-data';
import { dataExportsQueryOptions } from './api/data-exports';
import { playgroundsQueryOptions } from './api/code-playgrounds';

/** Both events carry the whole list (see replaceFromEvent for a re-read in flight). */
export const organizationDataEventHandlers: EventHandlers = {
  realm_export: (raw, client) => {
    const event = realmExportEventSchema.safeParse(raw);
    if (event.success) replaceFromEvent(client, dataExportsQueryOptions().queryKey, event.data.exports);
  },
  realm_playgrounds: (raw, client) => {
    const event = realmPlaygroundsEventSchema.safeParse(raw);
    if (event.success) replaceFromEvent(client, playgroundsQueryOptions().queryKey, event.data.realm_playgrounds);
  },
};
