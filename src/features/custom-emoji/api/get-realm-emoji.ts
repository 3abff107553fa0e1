import { useQuery } from '@tanstack/react-query';
import { useRealmState, type RealmSettings } from '../../../client/reference-data/realm-state';
import { activeGroups, useUserGroupList } from '../../../client/reference-data/user-groups';
import { realmEmojiQueryOptions } from '../../../client/reference-data/custom-emoji';

// One data set with the status picker's custom emoji: the query lives with the shared reference data.
export { customEmojiRootKey, realmEmojiQueryOptions } from '../../../client/reference-data/custom-emoji';

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
