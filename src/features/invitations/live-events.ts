import type { EventHandlers } from '../../client/event-handlers';
import { invitationsRootKey } from './api/get-invites';

/** `invites_changed` says only that something changed (administrators and the invitation's author hear it). */
export const invitationsEventHandlers: EventHandlers = {
  invites_changed: (_raw, client) => void client.invalidateQueries({ queryKey: [...invitationsRootKey, 'list'] }),
  // The channels, groups and settings the forms offer are the shared reference data (src/client/reference-data).
};
