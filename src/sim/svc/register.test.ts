import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_EVENT_TYPES, CONSOLE_FETCH_EVENT_TYPES } from '../../shared/events';
import { svcOps } from '../../shared/svc';
import { callSim, createSvcSimulator, EMAIL_VISIBILITY, type SvcSimOptions, type SvcSimulator } from '.';

const sims: SvcSimulator[] = [];
afterEach(() => {
  for (const sim of sims.splice(0)) sim.close();
});

function newSim(options: SvcSimOptions = {}): SvcSimulator {
  const sim = createSvcSimulator({ generatedUsers: 30, ...options });
  sims.push(sim);
  return sim;
}

function idOf(sim: SvcSimulator, email: string): number {
  const user = sim.store.userByDeliveryEmail(email);
  if (!user) throw new Error(`no ${email}`);
  return user.user_id;
}

async function register(sim: SvcSimulator, params: Record<string, unknown> = {}, as = 'admin@demo.test') {
  const { status, body } = await callSim(sim, 'POST', '/register', { as, params });
  expect(status).toBe(200);
  return body;
}

/** Every parameter of PATCH /realm/user_settings_defaults the seed lists (dense_mode is gone at 364). */
const SEED_DEFAULT_SETTINGS = [
  'starred_message_counts',
  'receives_typing_notifications',
  'web_suggest_update_timezone',
  'fluid_layout_width',
  'high_contrast_mode',
  'web_mark_read_on_scroll_policy',
  'web_channel_default_view',
  'web_font_size_px',
  'web_line_height_percent',
  'color_scheme',
  'enable_drafts_synchronization',
  'translate_emoticons',
  'display_emoji_reaction_users',
  'web_home_view',
  'web_escape_navigates_to_home_view',
  'left_side_userlist',
  'emojiset',
  'demote_inactive_streams',
  'user_list_style',
  'web_animate_image_previews',
  'web_stream_unreads_count_display_policy',
  'hide_ai_features',
  'web_left_sidebar_show_channel_folders',
  'web_left_sidebar_unreads_count_summary',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'notification_sound',
  'enable_desktop_notifications',
  'enable_sounds',
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_audible_notifications',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_digest_emails',
  'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications',
  'wildcard_mentions_notify',
  'enable_followed_topic_wildcard_mentions_notify',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'automatically_follow_topics_policy',
  'automatically_unmute_topics_in_muted_streams_policy',
  'automatically_follow_topics_where_mentioned',
  'resolved_topic_notice_auto_read_policy',
  'presence_enabled',
  'enter_sends',
  'twenty_four_hour_time',
];

describe('POST /register', () => {
  it('creates a queue and reports the server', async () => {
    const sim = newSim();
    const body = await register(sim, { event_types: [...CONSOLE_EVENT_TYPES], fetch_event_types: [] });
    expect(svcOps.registerQueue.response.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      result: 'success',
      msg: '',
      queue_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      last_event_id: -1,
      zulip_feature_level: 500,
      zulip_version: expect.any(String),
      zulip_merge_base: expect.any(String),
    });
    expect(sim.control.queueCount()).toBe(1);
    const again = await register(sim);
    expect(again.queue_id).not.toBe(body.queue_id);
    expect(sim.control.queueCount()).toBe(2);
  });

  it('requires authentication', async () => {
    const sim = newSim();
    const { status, body } = await callSim(sim, 'POST', '/register');
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('returns the realm state the console reads, with the server maxima', async () => {
    const sim = newSim();
    const body = await register(sim, { fetch_event_types: [...CONSOLE_FETCH_EVENT_TYPES] });
    expect(svcOps.registerQueue.response.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      realm_name: 'Demo Organization',
      realm_description: expect.stringContaining('<p>'),
      realm_url: 'http://127.0.0.1:9991',
      realm_empty_topic_display_name: 'general chat',
      max_topic_length: 60,
      max_message_length: 10000,
      max_stream_name_length: 60,
      max_stream_description_length: 1024,
      event_queue_longpoll_timeout_seconds: 90,
      realm_allow_message_editing: true,
      realm_topics_policy: 'allow_empty_topic',
    });
    // Only what was asked for.
    expect(body).not.toHaveProperty('realm_users');
    expect(body).not.toHaveProperty('user_status');
  });

  it('reports the configured long-poll timeout', async () => {
    const sim = newSim({ longpollTimeoutSeconds: 45 });
    const body = await register(sim, { fetch_event_types: ['realm'] });
    expect(body.event_queue_longpoll_timeout_seconds).toBe(45);
  });

  it('leaves out what an older server did not have', async () => {
    const sim = newSim({ featureLevel: 300 });
    const body = await register(sim, { fetch_event_types: ['realm', 'realm_user_settings_defaults'] });
    expect(body).not.toHaveProperty('realm_empty_topic_display_name');
    expect(body).not.toHaveProperty('realm_topics_policy');
    expect(body).toMatchObject({ max_topic_length: 60, realm_mandatory_topics: false });
    const defaults = body.realm_user_settings_defaults as Record<string, unknown>;
    expect(defaults.dense_mode).toBe(true);
    expect(defaults).not.toHaveProperty('hide_ai_features');
    expect(defaults).not.toHaveProperty('web_suggest_update_timezone');
  });

  it('drops the Zephyr mirror flag from level 426', async () => {
    const sim = newSim({ featureLevel: 425 });
    expect((await register(sim, { fetch_event_types: ['realm'] })).realm_is_zephyr_mirror_realm).toBe(false);
    sim.control.setFeatureLevel(426);
    expect(await register(sim, { fetch_event_types: ['realm'] })).not.toHaveProperty('realm_is_zephyr_mirror_realm');
  });

  it('names the channel creator default `channel_creator` from level 427', async () => {
    const sim = newSim({ featureLevel: 426 });
    const defaultOf = async () => {
      const body = await register(sim, { fetch_event_types: ['realm'] });
      const settings = body.server_supported_permission_settings as Record<
        string,
        Record<string, { default_group_name: string }>
      >;
      return settings.stream!.can_administer_channel_group!.default_group_name;
    };
    expect(await defaultOf()).toBe('stream_creator_or_nobody');
    sim.control.setFeatureLevel(427);
    expect(await defaultOf()).toBe('channel_creator');
    // Other defaults are untouched.
    const body = await register(sim, { fetch_event_types: ['realm'] });
    expect(JSON.stringify(body.server_supported_permission_settings)).not.toContain('stream_creator_or_nobody');
    expect(JSON.stringify(body.server_supported_permission_settings)).toContain('"group_creator"');
  });

  it('returns every default personal setting, with realistic values', async () => {
    const sim = newSim();
    const body = await register(sim, { fetch_event_types: ['realm_user_settings_defaults'] });
    const defaults = body.realm_user_settings_defaults as Record<string, unknown>;
    for (const name of SEED_DEFAULT_SETTINGS) expect(defaults, name).toHaveProperty(name);
    expect(defaults).not.toHaveProperty('dense_mode');
    expect(defaults).toMatchObject({
      web_font_size_px: 16,
      web_line_height_percent: 140,
      color_scheme: 1,
      emojiset: 'google',
      web_home_view: 'inbox',
      receives_typing_notifications: true,
      email_address_visibility: 1,
      default_language: 'en',
    });
    expect(defaults.emojiset_choices).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'google', text: expect.any(String) })]),
    );
    expect(defaults.available_notification_sounds).toContain(defaults.notification_sound);
  });

  it('lists users as the caller may see them, split by activity, without is_active', async () => {
    const sim = newSim();
    const hidden = sim.store.users.find(
      (u) => !u.isBot && u.isActive && u.emailAddressVisibility === EMAIL_VISIBILITY.admins,
    );
    const gone = sim.store.users.find((u) => !u.isActive);
    if (!hidden || !gone) throw new Error('demo realm lacks the users this test needs');

    const asMember = await register(sim, { fetch_event_types: ['realm_user'] }, 'member@demo.test');
    const users = asMember.realm_users as Record<string, unknown>[];
    const inactive = asMember.realm_non_active_users as Record<string, unknown>[];
    expect(users.length + inactive.length).toBe(sim.store.users.length);
    expect(users.every((u) => !('is_active' in u))).toBe(true);
    expect(inactive.map((u) => u.user_id)).toContain(gone.user_id);
    const seenByMember = users.find((u) => u.user_id === hidden.user_id);
    expect(seenByMember).toMatchObject({ delivery_email: null, email: `user${hidden.user_id}@demo.test` });
    expect(asMember).toMatchObject({
      user_id: idOf(sim, 'member@demo.test'),
      email: 'member@demo.test',
      delivery_email: 'member@demo.test',
      full_name: 'Mia Member',
      is_admin: false,
      is_owner: false,
      is_moderator: false,
      is_guest: false,
      cross_realm_bots: [],
    });

    const asAdmin = await register(sim, { fetch_event_types: ['realm_user'] });
    const seenByAdmin = (asAdmin.realm_users as Record<string, unknown>[]).find((u) => u.user_id === hidden.user_id);
    expect(seenByAdmin?.delivery_email).toBe(hidden.deliveryEmail);
    expect(asAdmin).toMatchObject({ is_admin: true, is_moderator: true });
  });

  it('honours client_gravatar in the user list', async () => {
    const sim = newSim();
    const memberId = idOf(sim, 'member@demo.test');
    const find = (body: Record<string, unknown>) =>
      (body.realm_users as { user_id: number; avatar_url: unknown }[]).find((u) => u.user_id === memberId);
    expect(find(await register(sim, { fetch_event_types: ['realm_user'] }))?.avatar_url).toBeNull();
    const full = await register(sim, { fetch_event_types: ['realm_user'], client_gravatar: false });
    expect(find(full)?.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\//);
  });

  it('returns the statuses of active users', async () => {
    const sim = newSim();
    const body = await register(sim, { fetch_event_types: ['user_status'] });
    const statuses = body.user_status as Record<string, unknown>;
    expect(statuses[String(idOf(sim, 'moderator@demo.test'))]).toEqual({
      status_text: 'In a meeting',
      emoji_name: 'calendar',
      emoji_code: '1f4c5',
      reaction_type: 'unicode_emoji',
    });
    expect(statuses).not.toHaveProperty(String(idOf(sim, 'member@demo.test')));
  });

  it('fetches what event_types names when fetch_event_types is absent, and everything when both are', async () => {
    const sim = newSim();
    const byEventTypes = await register(sim, { event_types: ['user_status'] });
    expect(byEventTypes).toHaveProperty('user_status');
    expect(byEventTypes).not.toHaveProperty('realm_name');
    const all = await register(sim);
    for (const key of ['realm_name', 'realm_users', 'realm_user_settings_defaults', 'user_status']) {
      expect(all).toHaveProperty(key);
    }
  });

  it('ignores fetch types it does not know', async () => {
    const sim = newSim();
    const body = await register(sim, { fetch_event_types: ['no_such_type', 'realm'] });
    expect(body.realm_name).toBe('Demo Organization');
  });

  it('accepts every documented parameter without reporting any as ignored', async () => {
    const sim = newSim();
    const body = await register(sim, {
      event_types: ['realm_user'],
      fetch_event_types: ['realm'],
      client_capabilities: {
        notification_settings_null: true,
        empty_topic_name: true,
        user_settings_object: true,
        user_avatar_url_field_optional: true,
      },
      apply_markdown: true,
      client_gravatar: false,
      slim_presence: true,
      include_subscribers: false,
      all_public_streams: false,
    });
    expect(body.result).toBe('success');
    expect(body).not.toHaveProperty('ignored_parameters_unsupported');
  });
});

describe('the state and narrows common clients register with', () => {
  it('builds subscriptions, channels, user groups, linkifiers, profile fields and default channels', async () => {
    const sim = newSim();
    const body = await register(sim, {
      fetch_event_types: [
        'subscription',
        'stream',
        'realm_user_groups',
        'realm_linkifiers',
        'custom_profile_fields',
        'default_streams',
        'message',
      ],
    });
    expect(Array.isArray(body.subscriptions)).toBe(true);
    expect(body.unsubscribed).toEqual([]);
    expect(Array.isArray(body.never_subscribed)).toBe(true);
    expect((body.streams as unknown[]).length).toBeGreaterThan(0);
    expect((body.realm_user_groups as unknown[]).length).toBeGreaterThan(0);
    expect(Array.isArray(body.realm_linkifiers)).toBe(true);
    expect(body.custom_profile_field_types).toHaveProperty('SHORT_TEXT');
    expect((body.realm_default_streams as unknown[]).every((id) => typeof id === 'number')).toBe(true);
    expect(typeof body.max_message_id).toBe('number');
    const subscribed = new Set((body.subscriptions as { stream_id: number }[]).map((s) => s.stream_id));
    expect((body.never_subscribed as { stream_id: number }[]).some((c) => subscribed.has(c.stream_id))).toBe(false);
  });

  it('delivers only the messages of the register narrow', async () => {
    const sim = newSim();
    const { queue_id } = await register(sim, {
      event_types: ['message'],
      narrow: [['channel', 'general']],
    });
    const other = sim.store.channels.find((c) => c.name !== 'general' && !c.inviteOnly && !c.isArchived)!;
    for (const to of ['general', other.name]) {
      await callSim(sim, 'POST', '/messages', {
        as: 'admin@demo.test',
        params: { type: 'stream', to, topic: 'narrowed queue', content: `to ${to}` },
      });
    }
    const { body } = await callSim(sim, 'GET', '/events', {
      as: 'admin@demo.test',
      params: { queue_id, last_event_id: -1, dont_block: true },
    });
    const events = body.events as { type: string; message?: { content: string } }[];
    const messages = events.filter((e) => e.type === 'message');
    expect(messages.map((e) => e.message?.content)).toEqual(['to general']);
  });
});
