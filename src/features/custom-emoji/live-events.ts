import type { EventHandlers } from '../../client/event-handlers';
import { realmEmojiEventSchema } from '../../shared/svc/realm-emoji';
import { realmEmojiQueryOptions } from './api/get-realm-emoji';

/** `realm_emoji` carries the whole set: it replaces the cached one. */
export const customEmojiEventHandlers: EventHandlers = {
  realm_emoji: (raw, client) => {
    const event = realmEmojiEventSchema.safeParse(raw);
    if (event.success) client.setQueryData(realmEmojiQueryOptions().queryKey, event.data.realm_emoji);
  },
};
