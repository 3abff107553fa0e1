import { canAccessMessage } from './message-edits';
import { avatarUrl } from './format-user';
import type { SimCore } from './handler';
import { alertWordsOf } from './handlers/alert-words';
import { ownDrafts, ownSnippets } from './handlers/drafts';
import { listEmoji } from './handlers/realm-emoji';
import { isAdminRole } from './permissions';
import { hasPresence, legacyReport } from './presence';
import { EMOJISET_CHOICES, NOTIFICATION_SOUNDS, userSettingExists, type UserSettingName } from './settings';
import type { SimMessage, SimUser, SvcStore } from './store';
import { spellSettingValue } from './user-setting-table';

/**
 * The register state that the official clients read and the console does not: alert words, drafts, snippets,
 * custom emoji, stars, unreads, presence, bots, topic policies, and the personal settings older clients read at
 * the top level. Built per `fetch_event_types` entry like the rest of the initial state (initial-state.ts).
 */

type State = Record<string, unknown>;

export interface ClientStateOptions {
  slimPresence: boolean;
  capabilities: Readonly<Record<string, boolean>>;
  /** Every type the request asked for (all of them when it named none). */
  wanted: ReadonlySet<string>;
  /** Whether the request named the types it wants (some older state goes only to requests that did not). */
  eventTypesNamed: boolean;
}

type Builder = (core: SimCore, me: SimUser, options: ClientStateOptions) => State;

/** Levels at which parts of this state appeared. */
const LEVEL = {
  drafts: 87,
  scheduledMessages: 179,
  userTopics: 134,
  onboardingSteps: 233,
  presenceLastUpdateId: 263,
  savedSnippets: 297,
  navigationTourVideo: 369,
} as const;

/** The personal settings older clients (without `user_settings_object`) read at the top level, by event type. */
const DISPLAY_SETTINGS: readonly UserSettingName[] = [
  'color_scheme',
  'default_language',
  'web_home_view',
  'demote_inactive_streams',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
];
const NOTIFICATION_SETTINGS: readonly UserSettingName[] = [
  'desktop_icon_count_display',
  'email_notifications_batching_period_seconds',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'presence_enabled',
  'realm_name_in_email_notifications_policy',
  'wildcard_mentions_notify',
];

/** Words full-text search skips (a short English list; the server ships its own). */
const STOP_WORDS =
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  );

const EMBEDDED_BOTS = ['converter', 'encrypt', 'helloworld', 'virtual_fs', 'giphy', 'followup'];
const NAVIGATION_TOUR_VIDEO_URL = 'https://static.zulipchat.com/static/navigation-tour-video/zulip-10.mp4';

function settingsOf(core: SimCore, me: SimUser, names: readonly UserSettingName[]): State {
  const level = core.store.featureLevel;
  const out: State = {};
  for (const name of names)
    if (userSettingExists(name, level))
      out[name] = spellSettingValue(name, core.store.personalSetting(me.user_id, name), level);
  return out;
}

/** Messages the caller has received and not read, grouped as the server groups them. */
function unreadState(store: SvcStore, me: SimUser): State {
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, { other_user_id: number; sender_id: number; unread_message_ids: number[] }>();
  const huddles = new Map<string, { user_ids_string: string; unread_message_ids: number[] }>();
  let count = 0;
  for (const m of unreadMessages(store, me)) {
    count++;
    if (m.dmRecipients && m.dmRecipients.length > 2) {
      const key = m.dmRecipients.join(',');
      const entry = huddles.get(key) ?? { user_ids_string: key, unread_message_ids: [] };
      huddles.set(key, entry);
      entry.unread_message_ids.push(m.id);
    } else if (m.dmRecipients) {
      const other = m.dmRecipients.find((id) => id !== me.user_id) ?? me.user_id;
      const entry = pms.get(other) ?? { other_user_id: other, sender_id: other, unread_message_ids: [] };
      pms.set(other, entry);
      entry.unread_message_ids.push(m.id);
    } else {
      const key = `${m.streamId}:${m.topic.toLowerCase()}`;
      const entry = streams.get(key) ?? { stream_id: m.streamId, topic: m.topic, unread_message_ids: [] };
      streams.set(key, entry);
      entry.unread_message_ids.push(m.id);
    }
  }
  return {
    unread_msgs: {
      pms: [...pms.values()],
      streams: [...streams.values()],
      huddles: [...huddles.values()],
      mentions: [],
      count,
      old_unreads_missing: false,
    },
  };
}

function unreadMessages(store: SvcStore, me: SimUser): SimMessage[] {
  return [...store.messages.values()].filter((m) => {
    if (m.readBy.has(me.user_id)) return false;
    if (m.dmRecipients) return m.dmRecipients.includes(me.user_id);
    // Unread messages live only in channels the caller follows.
    return store.channel(m.streamId)?.subscribers.has(me.user_id) === true;
  });
}

/** The caller's direct-message conversations by their newest message, newest first (others' IDs, ascending). */
function recentConversations(store: SvcStore, me: SimUser): State {
  const newest = new Map<string, { max_message_id: number; user_ids: number[] }>();
  for (const m of store.messages.values()) {
    if (!m.dmRecipients?.includes(me.user_id)) continue;
    const others = m.dmRecipients.filter((id) => id !== me.user_id);
    const key = others.join(',');
    const entry = newest.get(key);
    if (!entry || entry.max_message_id < m.id) newest.set(key, { max_message_id: m.id, user_ids: others });
  }
  return { recent_private_conversations: [...newest.values()].sort((a, b) => b.max_message_id - a.max_message_id) };
}

/** Presence as `GET /realm/presence` has it, or by user ID in the modern (`slim_presence`) form. */
function presenceState(core: SimCore, options: ClientStateOptions): State {
  const { store } = core;
  const presences: Record<string, unknown> = {};
  for (const user of store.users) {
    const row = store.presence.get(user.user_id);
    if (!row || !hasPresence(store, user)) continue;
    if (options.slimPresence) {
      presences[String(user.user_id)] = { active_timestamp: row.activeTimestamp, idle_timestamp: row.idleTimestamp };
      continue;
    }
    const { status, timestamp } = legacyReport(row);
    presences[user.apiEmail] = {
      aggregated: { client: 'website', status, timestamp },
      website: { client: 'website', status, timestamp, pushable: false },
    };
  }
  return {
    presences,
    ...(store.featureLevel >= LEVEL.presenceLastUpdateId ? { presence_last_update_id: 0 } : {}),
    server_timestamp: store.now() / 1000,
  };
}

/** The caller's bots (every bot of the organization for an administrator), as `realm_bot` events carry them. */
function botsState(store: SvcStore, me: SimUser): State {
  const bots = store.users.filter((u) => u.isBot && (isAdminRole(me.role) || u.botOwnerId === me.user_id));
  const channelName = (id: number | null | undefined) => (id == null ? null : (store.channel(id)?.name ?? null));
  return {
    realm_bots: bots.map((bot) => ({
      email: bot.apiEmail,
      user_id: bot.user_id,
      full_name: bot.fullName,
      bot_type: bot.botType,
      is_active: bot.isActive,
      api_key: bot.apiKey,
      default_sending_stream: channelName(bot.botDefaults?.sendingStream),
      default_events_register_stream: channelName(bot.botDefaults?.eventsRegisterStream),
      default_all_public_streams: bot.botDefaults?.allPublicStreams ?? false,
      owner_id: bot.botOwnerId,
      avatar_url: avatarUrl(store, me, bot, false),
      services: [],
    })),
  };
}

/** Topic visibility policies: every one as `user_topics`, the muted ones in the older `muted_topics` form. */
function topicPolicies(store: SvcStore, me: SimUser) {
  const prefix = `${me.user_id}:`;
  return [...store.userTopics.entries()]
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, row]) => ({ streamId: Number(key.split(':')[1]), ...row }));
}

const at = (core: SimCore, level: number, state: State): State => (core.store.featureLevel >= level ? state : {});
const legacy = (options: ClientStateOptions) => options.capabilities.user_settings_object !== true;

export const clientStateBuilders: Readonly<Record<string, Builder>> = {
  alert_words: (core, me) => ({ alert_words: alertWordsOf(core.store, me.user_id) }),
  drafts: (core, me) => at(core, LEVEL.drafts, { drafts: ownDrafts(core.store, me) }),
  saved_snippets: (core, me) => at(core, LEVEL.savedSnippets, { saved_snippets: ownSnippets(core.store, me) }),
  realm_emoji: (core) => ({ realm_emoji: listEmoji(core.store) }),
  starred_messages: (core, me) => ({
    starred_messages: [...core.store.messages.values()]
      .filter((m) => m.starredBy?.has(me.user_id) && canAccessMessage(core.store, me, m, false))
      .map((m) => m.id),
  }),
  muted_users: () => ({ muted_users: [] }),
  user_topic: (core, me) =>
    at(core, LEVEL.userTopics, {
      user_topics: topicPolicies(core.store, me).map((t) => ({
        stream_id: t.streamId,
        topic_name: t.topic,
        visibility_policy: t.policy,
        last_updated: t.lastUpdated,
      })),
    }),
  // The older form, left out for queues that asked for the newer one's events as well.
  muted_topics: (core, me, options) =>
    options.eventTypesNamed && options.wanted.has('user_topic') && core.store.featureLevel >= LEVEL.userTopics
      ? {}
      : {
          muted_topics: topicPolicies(core.store, me)
            .filter((t) => t.policy === 1)
            .map((t) => [core.store.channel(t.streamId)?.name ?? '', t.topic, t.lastUpdated]),
        },
  recent_private_conversations: (core, me) => recentConversations(core.store, me),
  realm_bot: (core, me) => botsState(core.store, me),
  realm_domains: () => ({ realm_domains: [] }),
  default_stream_groups: () => ({ realm_default_stream_groups: [] }),
  onboarding_steps: (core) => ({
    ...at(core, LEVEL.onboardingSteps, { onboarding_steps: [] }),
    ...at(core, LEVEL.navigationTourVideo, { navigation_tour_video_url: NAVIGATION_TOUR_VIDEO_URL }),
  }),
  scheduled_messages: (core) => at(core, LEVEL.scheduledMessages, { scheduled_messages: [] }),
  video_calls: () => ({ has_zoom_token: false }),
  giphy: () => ({ giphy_api_key: '' }),
  presence: (core, _me, options) => presenceState(core, options),
  // Unread counts need both the messages and their flag changes to stay right.
  update_message_flags: (core, me, options) => (options.wanted.has('message') ? unreadState(core.store, me) : {}),
  update_display_settings: (core, me, options) =>
    legacy(options)
      ? {
          ...settingsOf(core, me, DISPLAY_SETTINGS),
          emojiset_choices: EMOJISET_CHOICES.map((choice) => ({ ...choice })),
          timezone: me.timezone,
        }
      : {},
  update_global_notifications: (core, me, options) =>
    legacy(options)
      ? {
          ...settingsOf(core, me, NOTIFICATION_SETTINGS),
          available_notification_sounds: [...NOTIFICATION_SOUNDS],
        }
      : {},
  stop_words: () => ({ stop_words: [...STOP_WORDS] }),
  realm_embedded_bots: () => ({ realm_embedded_bots: EMBEDDED_BOTS.map((name) => ({ name, config: {} })) }),
  realm_incoming_webhook_bots: () => ({ realm_incoming_webhook_bots: [] }),
  // Linkifiers in the old format are no longer sent; the list stays for clients that still ask for it.
  realm_filters: () => ({ realm_filters: [] }),
  realm_billing: () => ({ realm_billing: { has_pending_sponsorship_request: false } }),
};
