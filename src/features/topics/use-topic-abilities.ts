import { useCallback, useMemo, useState } from 'react';
import type { Channel } from '../../shared/svc/channels';
import type { GroupMembership } from '../../shared/svc/group-settings';
import type { Message } from '../../shared/svc/messages';
import type { TopicActivity } from './api/get-channel-activity';
import { useModerationGroups, useModerationRealm } from './api/get-moderation-context';
import { editContentAbility, resolveAbility } from './permissions';

/** Who may resolve a topic and edit a message, from the realm's settings, the channel and the groups. */
export function useTopicAbilities(channels: readonly Channel[] | undefined, level: number, userId: number | null) {
  const realm = useModerationRealm();
  const groupsQuery = useModerationGroups();
  const groups = useMemo(
    () => new Map<number, GroupMembership>((groupsQuery.data ?? []).map((g) => [g.id, g] as const)),
    [groupsQuery.data],
  );
  const channelsById = useMemo(() => new Map((channels ?? []).map((c) => [c.stream_id, c] as const)), [channels]);
  const ability = useCallback(
    (t: Pick<TopicActivity, 'streamId' | 'name'>) =>
      resolveAbility({
        topic: t.name,
        level,
        userId,
        realm: realm.data,
        channel: channelsById.get(t.streamId),
        groups,
      }),
    [level, userId, realm.data, channelsById, groups],
  );

  // "Now" for edit time limits: when the page opened is close enough (a refused edit says so anyway).
  const [openedAt] = useState(() => Math.floor(Date.now() / 1000));
  const canEdit = useCallback(
    (m: Message) =>
      editContentAbility({
        senderId: m.sender_id,
        timestamp: m.timestamp,
        userId,
        realm: realm.data,
        nowSeconds: openedAt,
      }).allowed,
    [userId, realm.data, openedAt],
  );
  return { ability, canEdit, channelsById };
}
