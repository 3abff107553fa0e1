import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRealmState, type RealmSettings } from '../../../client/reference-data/realm-state';
import { activeGroups, useUserGroupList } from '../../../client/reference-data/user-groups';
import { svc } from '../../../client/svc-client';
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

const emojiSetting = (realm: RealmSettings) => realm.realm_can_add_custom_emoji_group;

/** Who may add emoji: the organization's setting and the groups it names. */
export function useEmojiPermission() {
  const value = useRealmState(emojiSetting);
  const groups = useUserGroupList(activeGroups);
  // Guests may not read groups; the setting then shows by its id.
  const ready = value.isSuccess && (groups.isSuccess || groups.isError);
  return { data: ready ? { value: value.data, groups: groups.data ?? [] } : undefined };
}
