import { SIM_LEVELS } from './levels';
import {
  canSeeChannel,
  channelActivity,
  holdsRealmPermission,
  formatChannel,
  formatSubscription,
  realmGroupSettingValue,
} from './channel-access';
import { formatUserGroup } from './format-user-group';
import { GIPHY_RATING_OPTIONS, supportedPermissionSettings } from './permission-settings-state';
import { listLinkifiers } from './handlers/linkifiers';
import { listPlaygrounds } from './handlers/organization-data';
import { listProfileFields } from './handlers/profile-fields';
import { avatarUrl, formatStatus, formatUser } from './format-user';
import type { SimCore } from './handler';
import { defaultStreamsState } from './handlers/channel-settings';
import {
  EMOJISET_CHOICES,
  EMPTY_TOPIC_DISPLAY_NAME,
  NOTIFICATION_SOUNDS,
  SERVER_LIMITS,
  userSettingExists,
  type UserSettingName,
} from './settings';
import type { SimUser } from './store';
import { spellSettingValue } from './user-setting-table';
import { devicesState } from './push-devices';
import { isAdminRole } from './permissions';
import { clientStateBuilders, type ClientStateOptions } from './client-state';

/**
 * The initial state `POST /register` returns, per `fetch_event_types` entry: the types the console and common
 * clients ask for; the server ignores types it does not know, and so does the simulator.
 */

type State = Record<string, unknown>;

export interface InitialStateOptions {
  clientGravatar: boolean;
  /** `client_capabilities` as registered. */
  capabilities: Readonly<Record<string, boolean>>;
  /** Subscriber lists in `subscriptions` (register's `include_subscribers`). */
  includeSubscribers?: boolean;
  /** Presence keyed by user ID in the modern form (register's `slim_presence`). */
  slimPresence?: boolean;
}

// Levels at which parts of the state appeared.
const LEVEL = {
  canCreateGroups: 299,
  canManageAllGroups: 305,
  maxLengths: 53,
  isModerator: 60,
  longpollTimeout: 74,
  userSettingsDefaults: 95,
  spectatorAccess: 109,
  webPublicStreamsSetting: 110,
  orgType: 128,
  moveTimeLimits: 162,
  dateCreated: 203,
  realmUrl: 257,
  editHistoryPolicy: 358,
  moderatorIncludesAdmins: 380,
  topicsPolicy: 392,
  channelFolderLengths: 410,
  canCreatePublicChannelGroup: 264,
  canCreatePrivateChannelGroup: 266,
  canCreateWebPublicChannelGroup: 280,
  canAddSubscribersGroup: 341,
  canDeleteAnyMessageGroup: 281,
  canDeleteOwnMessageGroup: 291,
  canMoveMessagesBetweenChannelsGroup: 310,
  canMoveMessagesBetweenTopicsGroup: 316,
  canInviteOthers: 51,
  canCreatePublicPrivateStreams: 102,
  canCreateWebPublicStreams: 103,
} as const;

type Builder = (core: SimCore, me: SimUser, options: InitialStateOptions & ClientStateOptions) => State;

const builders: Readonly<Record<string, Builder>> = {
  ...clientStateBuilders,
  message: messageState,
  realm: realmState,
  realm_user: realmUserState,
  realm_user_settings_defaults: userSettingsDefaultsState,
  default_streams: (core, me) => defaultStreamsState(core.store, me),
  user_status: userStatusState,
  user_settings: ownUserSettingsState,
  subscription: subscriptionState,
  stream: streamState,
  realm_user_groups: (core) => ({
    realm_user_groups: [...core.store.userGroups]
      .sort((a, b) => a.id - b.id)
      .map((g) => formatUserGroup(core.store, g)),
  }),
  realm_linkifiers: (core) => ({ realm_linkifiers: listLinkifiers(core.store) }),
  realm_playgrounds: (core) => ({ realm_playgrounds: listPlaygrounds(core.store) }),
  // The user's registered devices by device ID (level 468; the simulator never sent the older `push_devices`).
  device: (core, me) =>
    core.store.featureLevel >= SIM_LEVELS.testNotificationDeviceId
      ? { devices: devicesState(core.store, me.user_id) }
      : {},
  custom_profile_fields: (core) => ({
    custom_profile_fields: listProfileFields(core.store),
    custom_profile_field_types: CUSTOM_PROFILE_FIELD_TYPES,
  }),
};

/** The field types a real server (level 372) describes, by name. */
const CUSTOM_PROFILE_FIELD_TYPES = {
  SHORT_TEXT: { id: 1, name: 'Text (short)' },
  LONG_TEXT: { id: 2, name: 'Text (long)' },
  SELECT: { id: 3, name: 'List of options' },
  DATE: { id: 4, name: 'Date picker' },
  URL: { id: 5, name: 'Link' },
  USER: { id: 6, name: 'Users' },
  EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
  PRONOUNS: { id: 8, name: 'Pronouns' },
};

/**
 * Per-channel notification settings and the personal setting a null one follows (a real server, level 372,
 * leaves `wildcard_mentions_notify` null either way).
 */
const NOTIFICATION_DEFAULTS = [
  ['desktop_notifications', 'enable_stream_desktop_notifications'],
  ['audible_notifications', 'enable_stream_audible_notifications'],
  ['push_notifications', 'enable_stream_push_notifications'],
  ['email_notifications', 'enable_stream_email_notifications'],
] as const;

/** The caller's subscriptions, and the channels they may see but never joined (no unsubscribing is recorded). */
function subscriptionState(core: SimCore, me: SimUser, options: InitialStateOptions): State {
  const { store } = core;
  // A client without `notification_settings_null` gets the user's own defaults where a channel has none.
  const fillDefaults = options.capabilities.notification_settings_null !== true;
  const activity = channelActivity(store);
  const live = store.channels.filter((c) => !c.isArchived);
  return {
    subscriptions: live
      .filter((c) => c.subscribers.has(me.user_id))
      .map((c) => {
        const { subscribers, ...rest } = formatSubscription(store, me, c);
        if (options.includeSubscribers) rest.subscribers = subscribers;
        if (fillDefaults)
          for (const [field, setting] of NOTIFICATION_DEFAULTS)
            if (rest[field] === null) rest[field] = store.personalSetting(me.user_id, setting);
        return rest;
      }),
    unsubscribed: [],
    never_subscribed: live
      .filter((c) => !c.subscribers.has(me.user_id) && canSeeChannel(store, me, c))
      .map((c) => {
        const record = formatChannel(store, me, c, activity.get(c.stream_id));
        // Who follows a channel one never joined shows where one may see it: public ones, or any as an admin.
        if (options.includeSubscribers && (!c.inviteOnly || isAdminRole(me.role)))
          record.subscribers = [...c.subscribers].sort((a, b) => a - b);
        return record;
      }),
  };
}

/** Every channel the caller may see, as `GET /streams` lists them. */
function streamState(core: SimCore, me: SimUser): State {
  const { store } = core;
  const activity = channelActivity(store);
  return {
    streams: store.channels
      .filter((c) => !c.isArchived && canSeeChannel(store, me, c))
      .map((c) => formatChannel(store, me, c, activity.get(c.stream_id))),
  };
}

/** The fetch types the simulator builds; `fetch_event_types` absent (null) means all of them. */
export const FETCH_EVENT_TYPES: readonly string[] = Object.keys(builders);

export function initialState(
  core: SimCore,
  me: SimUser,
  fetchEventTypes: readonly string[] | null,
  options: InitialStateOptions,
): State {
  const state: State = {};
  const wanted = new Set(fetchEventTypes ?? FETCH_EVENT_TYPES);
  const all = {
    ...options,
    slimPresence: options.slimPresence ?? false,
    wanted,
    eventTypesNamed: fetchEventTypes !== null,
  };
  for (const type of wanted) {
    const build = builders[type];
    if (build) Object.assign(state, build(core, me, all));
  }
  return state;
}

/** `message`: the newest message ID the server has (any the user may read or not), or -1 with none. */
function messageState(core: SimCore): State {
  let max = -1;
  for (const id of core.store.messages.keys()) if (id > max) max = id;
  return { max_message_id: max };
}

/** The fields from `min` on, nothing before. */
const fromLevel =
  (core: SimCore) =>
  (min: number, fields: State): State =>
    core.store.featureLevel >= min ? fields : {};

// The `realm` state in the server's key order, in parts: identity and organization settings, topics and
// editing with the server's limits, then who may do what.
function realmState(core: SimCore, _me: SimUser, _options: InitialStateOptions): State {
  return {
    ...realmIdentityState(core),
    ...realmEditingState(core),
    ...realmPermissionState(core),
    ...serverAndRealmExtras(core),
  };
}

function realmIdentityState(core: SimCore): State {
  const { store, settings } = core;
  const r = store.realmSettings;
  const at = fromLevel(core);
  return {
    realm_name: store.realm.name,
    realm_description: store.realm.description,
    realm_uri: settings.baseUrl,
    ...at(LEVEL.realmUrl, { realm_url: settings.baseUrl }),
    realm_icon_url: `${settings.baseUrl}/static/realm-icon.svg`,
    realm_icon_source: 'U',
    ...at(LEVEL.dateCreated, { realm_date_created: r.date_created }),
    ...at(LEVEL.orgType, { realm_org_type: r.org_type }),
    realm_default_language: r.default_language,
    realm_bot_domain: store.realm.host,
    realm_invite_required: r.invite_required,
    realm_emails_restricted_to_domains: r.emails_restricted_to_domains,
    realm_waiting_period_threshold: r.waiting_period_threshold,
    realm_message_retention_days: r.message_retention_days,
    realm_name_changes_disabled: r.name_changes_disabled,
    realm_email_changes_disabled: r.email_changes_disabled,
    realm_avatar_changes_disabled: r.avatar_changes_disabled,
    realm_inline_image_preview: r.inline_image_preview,
    realm_inline_url_embed_preview: r.inline_url_embed_preview,
    realm_push_notifications_enabled: r.push_notifications_enabled,
    realm_email_auth_enabled: true,
    realm_password_auth_enabled: true,
    realm_presence_disabled: false,
    ...at(SIM_LEVELS.ownerFullContentAccess, { realm_owner_full_content_access: r.owner_full_content_access }),
    ...at(LEVEL.spectatorAccess, { realm_enable_spectator_access: r.enable_spectator_access }),
    ...at(LEVEL.webPublicStreamsSetting, { server_web_public_streams_enabled: true }),
  };
}

/** Topics and editing: what the console's message and topic tools check before acting. */
function realmEditingState(core: SimCore): State {
  const { store, settings } = core;
  const r = store.realmSettings;
  const at = fromLevel(core);
  return {
    ...at(SIM_LEVELS.emptyTopics, { realm_empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME }),
    ...at(LEVEL.topicsPolicy, { realm_topics_policy: r.topics_policy }),
    // Deprecated at 392, still sent.
    realm_mandatory_topics: r.topics_policy === 'disable_empty_topic',
    realm_allow_message_editing: r.allow_message_editing,
    realm_message_content_edit_limit_seconds: r.message_content_edit_limit_seconds,
    ...at(LEVEL.moveTimeLimits, {
      realm_move_messages_within_stream_limit_seconds: r.move_messages_within_stream_limit_seconds,
      realm_move_messages_between_streams_limit_seconds: r.move_messages_between_streams_limit_seconds,
    }),
    ...at(LEVEL.editHistoryPolicy, {
      realm_message_edit_history_visibility_policy: r.message_edit_history_visibility_policy,
    }),
    // Deprecated at 358, still sent.
    realm_allow_edit_history: r.message_edit_history_visibility_policy !== 'none',
    ...at(LEVEL.maxLengths, {
      max_topic_length: SERVER_LIMITS.max_topic_length,
      max_message_length: SERVER_LIMITS.max_message_length,
      max_stream_name_length: SERVER_LIMITS.max_stream_name_length,
      max_stream_description_length: SERVER_LIMITS.max_stream_description_length,
    }),
    ...at(LEVEL.channelFolderLengths, {
      max_channel_folder_name_length: SERVER_LIMITS.max_channel_folder_name_length,
      max_channel_folder_description_length: SERVER_LIMITS.max_channel_folder_description_length,
    }),
    ...at(LEVEL.longpollTimeout, { event_queue_longpoll_timeout_seconds: settings.longpollTimeoutSeconds }),
  };
}

/** Who may do what, as group-setting values. */
function realmPermissionState(core: SimCore): State {
  const { store } = core;
  const r = store.realmSettings;
  const at = fromLevel(core);
  return {
    // Who may create channels and add subscribers.
    ...at(LEVEL.canCreatePublicChannelGroup, {
      realm_can_create_public_channel_group: realmGroupSettingValue(store, r.can_create_public_channel_group),
    }),
    ...at(LEVEL.canCreatePrivateChannelGroup, {
      realm_can_create_private_channel_group: realmGroupSettingValue(store, r.can_create_private_channel_group),
    }),
    ...at(LEVEL.canCreateWebPublicChannelGroup, {
      realm_can_create_web_public_channel_group: realmGroupSettingValue(store, r.can_create_web_public_channel_group),
    }),
    ...at(LEVEL.canAddSubscribersGroup, {
      realm_can_add_subscribers_group: realmGroupSettingValue(store, r.can_add_subscribers_group),
    }),
    // Who may invite (by email, by link) and add custom emoji (group settings since levels 298, 209, 307).
    ...at(298, {
      realm_can_invite_users_group: realmGroupSettingValue(store, r.can_invite_users_group),
      realm_create_multiuse_invite_group: realmGroupSettingValue(store, r.create_multiuse_invite_group),
    }),
    ...at(307, { realm_can_add_custom_emoji_group: realmGroupSettingValue(store, r.can_add_custom_emoji_group) }),
    // Who may move, resolve and delete messages.
    ...at(LEVEL.canMoveMessagesBetweenChannelsGroup, {
      realm_can_move_messages_between_channels_group: realmGroupSettingValue(
        store,
        r.can_move_messages_between_channels_group,
      ),
    }),
    ...at(LEVEL.canMoveMessagesBetweenTopicsGroup, {
      realm_can_move_messages_between_topics_group: realmGroupSettingValue(
        store,
        r.can_move_messages_between_topics_group,
      ),
    }),
    ...at(SIM_LEVELS.canResolveTopicsGroup, {
      realm_can_resolve_topics_group: realmGroupSettingValue(store, r.can_resolve_topics_group),
    }),
    ...at(LEVEL.canDeleteAnyMessageGroup, {
      realm_can_delete_any_message_group: realmGroupSettingValue(store, r.can_delete_any_message_group),
    }),
    ...at(LEVEL.canDeleteOwnMessageGroup, {
      realm_can_delete_own_message_group: realmGroupSettingValue(store, r.can_delete_own_message_group),
    }),
    // Who may create user groups, and manage every group.
    ...at(LEVEL.canCreateGroups, { realm_can_create_groups: realmGroupSettingValue(store, r.can_create_groups) }),
    ...at(LEVEL.canManageAllGroups, {
      realm_can_manage_all_groups: realmGroupSettingValue(store, r.can_manage_all_groups),
    }),
  };
}

/**
 * The rest of a real server's `realm` state (level 372) that the simulator has no behaviour behind: limits,
 * server capabilities and organization settings, with a real development server's values. Present so that
 * clients which read them find them; the levels each appeared at are not modelled.
 */
function serverAndRealmExtras(core: SimCore): State {
  return { ...LIMIT_EXTRAS, ...realmExtras(core), ...serverExtras(core) };
}

const LIMIT_EXTRAS: State = {
  development_environment: false,
  giphy_rating_options: GIPHY_RATING_OPTIONS,
  jitsi_server_url: 'https://meet.jit.si',
  max_avatar_file_size_mib: 5,
  max_file_upload_size_mib: 100,
  max_icon_file_size_mib: 5,
  max_logo_file_size_mib: 5,
  password_max_length: 100,
  password_min_guesses: 10000,
  password_min_length: 6,
};

function realmExtras(core: SimCore): State {
  const { store, settings } = core;
  const group = (name: Parameters<typeof store.systemGroup>[0]) => store.systemGroup(name).id;
  const general = store.channels.find((c) => c.name === 'general')?.stream_id ?? -1;
  const logo = `${settings.baseUrl}/static/images/logo/zulip-org-logo.svg?version=0`;
  return {
    realm_available_video_chat_providers: {
      disabled: { name: 'None', id: 0 },
      jitsi_meet: { name: 'Jitsi Meet', id: 1 },
    },
    realm_can_access_all_users_group: group('role:everyone'),
    realm_can_create_bots_group: group('role:members'),
    realm_can_create_write_only_bots_group: group('role:members'),
    realm_can_manage_billing_group: group('role:administrators'),
    realm_can_mention_many_users_group: group('role:administrators'),
    realm_can_summarize_topics_group: group('role:everyone'),
    realm_create_private_stream_policy: 1,
    realm_create_public_stream_policy: 1,
    realm_create_web_public_stream_policy: 7,
    realm_default_code_block_language: '',
    realm_digest_emails_enabled: false,
    realm_digest_weekday: 1,
    realm_direct_message_initiator_group: group('role:everyone'),
    realm_direct_message_permission_group: group('role:everyone'),
    realm_disallow_disposable_email_addresses: true,
    realm_enable_guest_user_dm_warning: true,
    realm_enable_guest_user_indicator: true,
    realm_enable_read_receipts: true,
    realm_giphy_rating: 2,
    // Removed at level 426 (Zephyr mirroring is gone).
    ...(store.featureLevel < SIM_LEVELS.noZephyrMirrorRealm ? { realm_is_zephyr_mirror_realm: false } : {}),
    realm_jitsi_server_url: null,
    realm_logo_source: 'D',
    realm_logo_url: logo,
    realm_message_content_allowed_in_email_notifications: true,
    realm_message_content_delete_limit_seconds: 600,
    realm_moderation_request_channel_id: -1,
    realm_new_stream_announcements_stream_id: general,
    realm_night_logo_source: 'D',
    realm_night_logo_url: logo,
    realm_plan_type: 1,
    realm_push_notifications_enabled_end_timestamp: null,
    realm_require_unique_names: false,
    realm_send_welcome_emails: true,
    realm_signup_announcements_stream_id: -1,
    realm_upload_quota_mib: null,
    realm_video_chat_provider: 1,
    realm_want_advertise_in_communities_directory: false,
    realm_wildcard_mention_policy: 5,
    realm_zulip_update_announcements_stream_id: general,
  };
}

function serverExtras(core: SimCore): State {
  const { store } = core;
  return {
    server_avatar_changes_disabled: false,
    server_can_summarize_topics: false,
    server_generation: Math.floor(store.now() / 1000),
    server_inline_image_preview: true,
    server_inline_url_embed_preview: true,
    server_jitsi_server_url: 'https://meet.jit.si',
    server_max_deactivated_realm_deletion_days: null,
    server_min_deactivated_realm_deletion_days: 14,
    server_name_changes_disabled: false,
    server_needs_upgrade: false,
    server_presence_offline_threshold_seconds: 140,
    server_presence_ping_interval_seconds: 60,
    server_supported_permission_settings: supportedPermissionSettings(store.featureLevel),
    server_thumbnail_formats: [
      { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
    ],
    server_typing_started_expiry_period_milliseconds: 45000,
    server_typing_started_wait_period_milliseconds: 10000,
    server_typing_stopped_wait_period_milliseconds: 5000,
    settings_send_digest_emails: true,
    upgrade_text_for_wide_organization_logo: 'Available on Zulip Cloud Standard. Upgrade to access.',
    zulip_plan_is_not_limited: true,
  };
}

/**
 * Everyone, as `me` may see them (real emails by visibility, like `GET /users`), split into active and
 * deactivated; neither list carries `is_active`. Plus the caller's own identity fields.
 */
function realmUserState(core: SimCore, me: SimUser, options: InitialStateOptions): State {
  const { store } = core;
  const level = store.featureLevel;
  const format = { clientGravatar: options.clientGravatar, includeCustomProfileFields: true };
  const active: unknown[] = [];
  const inactive: unknown[] = [];
  for (const user of store.users) {
    const record: Record<string, unknown> = formatUser(store, me, user, format);
    // Undefined rather than a rest-spread copy: cheap for 10,000 users, and JSON leaves the key out.
    record.is_active = undefined;
    (user.isActive ? active : inactive).push(record);
  }
  const ownAvatar = avatarUrl(store, me, me, false);
  return {
    realm_users: active,
    realm_non_active_users: inactive,
    // The server's own bots (notification bot and the like) are not simulated.
    cross_realm_bots: [],
    user_id: me.user_id,
    email: me.apiEmail,
    delivery_email: me.deliveryEmail,
    full_name: me.fullName,
    is_owner: me.role === 100,
    is_admin: me.role <= 200,
    ...(level >= LEVEL.isModerator
      ? { is_moderator: level >= LEVEL.moderatorIncludesAdmins ? me.role <= 300 : me.role === 300 }
      : {}),
    is_guest: me.role === 600,
    ...creationRights(core, me),
    avatar_source: me.avatarSource,
    avatar_url: ownAvatar,
    avatar_url_medium: ownAvatar?.replace('?d=identicon', '?d=identicon&s=500'),
  };
}

/** What the caller may create: channels of each kind (and any kind, the older flag), and invitations. */
function creationRights(core: SimCore, me: SimUser): State {
  const { store } = core;
  const level = store.featureLevel;
  const may = (name: Parameters<typeof holdsRealmPermission>[2]) => holdsRealmPermission(store, me, name);
  const isPublic = may('can_create_public_channel_group');
  const isPrivate = may('can_create_private_channel_group');
  const webPublic = level >= LEVEL.canCreateWebPublicStreams && may('can_create_web_public_channel_group');
  return {
    ...(level >= LEVEL.canCreatePublicPrivateStreams
      ? { can_create_private_streams: isPrivate, can_create_public_streams: isPublic }
      : {}),
    ...(level >= LEVEL.canCreateWebPublicStreams ? { can_create_web_public_streams: webPublic } : {}),
    // Deprecated at level 102, still sent: any kind at all.
    can_create_streams: isPublic || isPrivate || webPublic,
    ...(level >= LEVEL.canInviteOthers ? { can_invite_others_to_realm: may('can_invite_users_group') } : {}),
  };
}

function userSettingsDefaultsState(core: SimCore): State {
  const level = core.store.featureLevel;
  if (level < LEVEL.userSettingsDefaults) return {};
  const defaults: State = {};
  for (const [name, value] of Object.entries(core.store.userSettingsDefaults)) {
    if (userSettingExists(name as UserSettingName, level)) defaults[name] = spellSettingValue(name, value, level);
  }
  defaults.available_notification_sounds = [...NOTIFICATION_SOUNDS];
  defaults.emojiset_choices = EMOJISET_CHOICES.map((choice) => ({ ...choice }));
  return { realm_user_settings_defaults: defaults };
}

/** The caller's own personal settings (the `user_settings_object` form). */
function ownUserSettingsState(core: SimCore, me: SimUser): State {
  const level = core.store.featureLevel;
  const settings: State = {};
  for (const name of Object.keys(core.store.userSettingsDefaults) as UserSettingName[]) {
    if (userSettingExists(name, level))
      settings[name] = spellSettingValue(name, core.store.personalSetting(me.user_id, name), level);
  }
  return { user_settings: settings };
}

/** Statuses of active users who have set one, keyed by user ID. */
function userStatusState(core: SimCore): State {
  const { store } = core;
  const statuses: Record<string, Record<string, string>> = {};
  for (const [userId, row] of store.statuses) {
    if (store.user(userId)?.isActive) statuses[String(userId)] = formatStatus(row);
  }
  return { user_status: statuses };
}
