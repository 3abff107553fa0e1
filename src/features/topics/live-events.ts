import type { EventHandler, EventHandlers } from '../../client/event-handlers';
import { topicsRootKey } from './api/get-channels';

const invalidate =
  (...keys: readonly (readonly unknown[])[]): EventHandler =>
  (_event, client) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  };

/** Topic moderation: an edit, move, resolve or deletion anywhere refreshes the triage list and open topics. */
export const topicsEventHandlers: EventHandlers = {
  update_message: invalidate([...topicsRootKey, 'activity'], [...topicsRootKey, 'messages']),
  delete_message: invalidate([...topicsRootKey, 'activity'], [...topicsRootKey, 'messages']),
  stream: invalidate([...topicsRootKey, 'channels']),
  subscription: invalidate([...topicsRootKey, 'channels']),
  user_group: invalidate([...topicsRootKey, 'user-groups']),
  realm: invalidate([...topicsRootKey, 'realm']),
};
