import type { EventHandlers } from '../../client/event-handlers';
import { invitationsRootKey } from './api/get-invites';

/** `invites_changed` says only that something changed (administrators and the invitation's author hear it). */
export const invitationsEventHandlers: EventHandlers = {
  invites_changed: (_raw, client) => void client.invalidateQueries({ queryKey: [...invitationsRootKey, 'list'] }),
  // Groups offered in the forms (channels are the shared reference data).
  user_group: (_raw, client) => void client.invalidateQueries({ queryKey: [...invitationsRootKey, 'groups'] }),
};
