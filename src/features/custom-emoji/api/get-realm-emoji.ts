import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { svc } from '../../../client/svc-client';
import { REALM_STATE_PATH, realmStateSchema } from '../../../shared/bff/protocol';
import { svcOps } from '../../../shared/svc/catalog';

export const customEmojiRootKey = ['custom-emoji'] as const;

/** Every custom emoji, deactivated ones included, keyed by id. */
export function realmEmojiQueryOptions() {
  return queryOptions({
    queryKey: [...customEmojiRootKey, 'list'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getRealmEmoji, {}, { signal })).emoji,
  });
}

export function useRealmEmoji() {
  return useQuery(realmEmojiQueryOptions());
}

/** Who may add emoji: the organization's setting and the groups it names. */
export function useEmojiPermission() {
  return useQuery({
    queryKey: [...customEmojiRootKey, 'permission'] as const,
    queryFn: async ({ signal }) => {
      const [realm, groups] = await Promise.all([
        bffFetch(REALM_STATE_PATH, { signal }).then((r) => realmStateSchema.parse(r).realm),
        svc(svcOps.getUserGroups, {}, { signal })
          .then((r) => r.user_groups)
          // Guests may not read groups; the setting then shows by its id.
          .catch(() => []),
      ]);
      return { value: realm.realm_can_add_custom_emoji_group, groups };
    },
  });
}
