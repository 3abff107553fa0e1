import { combineEventHandlers, type EventHandler, type EventHandlers } from '../client/event-handlers';
import { channelListEventHandlers } from '../client/reference-data/channels';
import { ownSettingsEventHandlers } from '../client/reference-data/own-settings';
import { ownSubscriptionsEventHandlers } from '../client/reference-data/own-subscriptions';
import { realmStateEventHandlers } from '../client/reference-data/realm-state';
import { userGroupListEventHandlers } from '../client/reference-data/user-groups';
import { usersListEventHandlers } from '../client/reference-data/users';
import { userStatusEventHandlers } from '../client/reference-data/user-status';
import { sessionKey } from '../client/session';
import { realmEventSchema, realmUserEventSchema } from '../shared/events/svc-events';
import { pages, type PageSpec } from '../shared/pages';
import { accountEventHandlers } from '../features/account/live-events';
import { channelsEventHandlers } from '../features/channels/live-events';
import { draftsSnippetsEventHandlers } from '../features/drafts-snippets/live-events';
import { linkifiersEventHandlers } from '../features/linkifiers/live-events';
import { topicsEventHandlers } from '../features/topics/live-events';
import { realmDefaultsEventHandlers } from '../features/realm-defaults/live-events';
import { usersEventHandlers } from '../features/users/live-events';
import { invitationsEventHandlers } from '../features/invitations/live-events';
import { profileFieldsEventHandlers } from '../features/profile-fields/live-events';
import { customEmojiEventHandlers } from '../features/custom-emoji/live-events';
import { organizationDataEventHandlers } from '../features/organization-data/live-events';

/** The console's own reactions: server-wide facts and the signed-in user's own record live in the session. */
const sessionEventHandlers: EventHandlers = {
  realm_user: (raw, client) => {
    const event = realmUserEventSchema.safeParse(raw);
    const me = client.getQueryData<{ user: { userId: number } | null }>(sessionKey)?.user;
    if (event.success && me && event.data.person.user_id === me.userId) {
      void client.invalidateQueries({ queryKey: sessionKey });
    }
  },
  realm: (raw, client) => {
    if (realmEventSchema.safeParse(raw).success) void client.invalidateQueries({ queryKey: sessionKey });
  },
};

/**
 * Pages whose registry entry names a `refetch` key (src/shared/pages.ts) need no handlers of their own: each of
 * their events refetches every query under that key.
 */
const registryEventHandlers = Object.values(pages).map((page: PageSpec): EventHandlers => {
  const refetch = page.live?.refetch;
  if (refetch === undefined) return {};
  const handler: EventHandler = (_raw, client) => void client.invalidateQueries({ queryKey: [refetch] });
  return Object.fromEntries((page.live?.events ?? []).map((type) => [type, handler]));
});

/**
 * Every feature's event handlers, composed once: a page that patches its cache precisely adds its map here, one
 * that refetches says so in the page registry.
 */
export const eventMap = combineEventHandlers(
  sessionEventHandlers,
  usersListEventHandlers,
  ownSubscriptionsEventHandlers,
  userStatusEventHandlers,
  channelListEventHandlers,
  userGroupListEventHandlers,
  realmStateEventHandlers,
  ownSettingsEventHandlers,
  usersEventHandlers,
  realmDefaultsEventHandlers,
  linkifiersEventHandlers,
  draftsSnippetsEventHandlers,
  accountEventHandlers,
  channelsEventHandlers,
  topicsEventHandlers,
  invitationsEventHandlers,
  profileFieldsEventHandlers,
  customEmojiEventHandlers,
  organizationDataEventHandlers,
  ...registryEventHandlers,
);
