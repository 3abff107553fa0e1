import { queryOptions } from '@tanstack/react-query';
import { svcOps } from '../../shared/svc/catalog';
import { realmEmojiEventSchema } from '../../shared/svc/realm-emoji';
import type { EventHandlers } from '../event-handlers';
import { svc } from '../svc-client';

/** Every custom emoji key starts here; an upload or a deactivation invalidates it. */
export const customEmojiRootKey = ['custom-emoji'] as const;

/**
 * Every custom emoji (`svcOps.getRealmEmoji`), deactivated ones included, keyed by id: one copy for the emoji
 * page and the status picker (which picks the active ones with `select`).
 */
export function realmEmojiQueryOptions() {
  return queryOptions({
    queryKey: [...customEmojiRootKey, 'list'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getRealmEmoji, {}, { signal })).emoji,
  });
}

/** `realm_emoji` carries the whole set: it replaces the cached one. */
export const customEmojiEventHandlers: EventHandlers = {
  realm_emoji: (raw, client) => {
    const event = realmEmojiEventSchema.safeParse(raw);
    if (event.success) client.setQueryData(realmEmojiQueryOptions().queryKey, event.data.realm_emoji);
  },
};
