import { SIM_LEVELS } from './levels';

/**
 * `server_supported_permission_settings` as a real server (level 372) describes its group-valued permissions:
 * per setting, which groups it may hold and its default. The simulator's own table.
 */

interface SettingRule {
  /**
   * The default group's name (`group_creator`, `stream_creator_or_nobody`: the creator, resolved later; the
   * latter is spelled `channel_creator` from level 427).
   */
  def: string;
  everyone?: boolean;
  nobody?: boolean;
  system?: readonly string[];
  /** Groups only: the value system groups get. */
  forSystemGroups?: string;
  /** The level that added the setting; older servers do not list it. */
  since?: number;
}

function describe(rule: SettingRule, scope: 'realm' | 'stream' | 'group') {
  return {
    require_system_group: rule.system !== undefined,
    allow_internet_group: false,
    allow_nobody_group: rule.nobody ?? true,
    allow_everyone_group: rule.everyone ?? false,
    default_group_name: rule.def,
    default_for_system_groups: scope === 'group' ? (rule.forSystemGroups ?? 'role:nobody') : null,
    allowed_system_groups: rule.system ?? [],
  };
}

const REALM: Readonly<Record<string, SettingRule>> = {
  create_multiuse_invite_group: { def: 'role:administrators' },
  can_access_all_users_group: {
    def: 'role:everyone',
    everyone: true,
    nobody: false,
    system: ['role:everyone', 'role:members'],
  },
  can_add_subscribers_group: { def: 'role:members' },
  can_add_custom_emoji_group: { def: 'role:members' },
  can_create_bots_group: { def: 'role:members' },
  can_create_groups: { def: 'role:members' },
  can_create_public_channel_group: { def: 'role:members' },
  can_create_private_channel_group: { def: 'role:members' },
  can_create_web_public_channel_group: {
    def: 'role:owners',
    system: ['role:moderators', 'role:administrators', 'role:owners', 'role:nobody'],
  },
  can_create_write_only_bots_group: { def: 'role:members' },
  can_delete_any_message_group: { def: 'role:administrators' },
  can_delete_own_message_group: { def: 'role:everyone', everyone: true },
  can_invite_users_group: { def: 'role:members' },
  can_manage_all_groups: { def: 'role:owners', nobody: false },
  can_manage_billing_group: { def: 'role:administrators', nobody: false },
  can_mention_many_users_group: { def: 'role:administrators', everyone: true },
  can_move_messages_between_channels_group: { def: 'role:members' },
  can_move_messages_between_topics_group: { def: 'role:everyone', everyone: true },
  can_resolve_topics_group: { def: 'role:everyone', everyone: true },
  can_summarize_topics_group: { def: 'role:everyone', everyone: true },
  direct_message_initiator_group: { def: 'role:everyone', everyone: true },
  direct_message_permission_group: { def: 'role:everyone', everyone: true },
};

const STREAM: Readonly<Record<string, SettingRule>> = {
  can_add_subscribers_group: { def: 'role:nobody' },
  can_administer_channel_group: { def: 'stream_creator_or_nobody' },
  can_remove_subscribers_group: { def: 'role:administrators', everyone: true },
  can_send_message_group: { def: 'role:everyone', everyone: true },
  can_subscribe_group: { def: 'role:nobody' },
  can_create_topic_group: { def: 'role:everyone', everyone: true, since: SIM_LEVELS.canCreateTopicGroup },
};

const GROUP: Readonly<Record<string, SettingRule>> = {
  can_add_members_group: { def: 'group_creator' },
  can_join_group: { def: 'role:nobody' },
  can_leave_group: { def: 'role:everyone', everyone: true },
  can_manage_group: { def: 'group_creator' },
  can_mention_group: { def: 'role:everyone', everyone: true },
  can_remove_members_group: { def: 'role:nobody' },
};

const table = (rules: Readonly<Record<string, SettingRule>>, scope: 'realm' | 'stream' | 'group', level: number) =>
  Object.fromEntries(
    Object.entries(rules)
      .filter(([, rule]) => level >= (rule.since ?? 0))
      .map(([name, rule]) => [name, describe(rule, scope)]),
  );

/** Default group names a later level spells differently: [old name, new name, level of the new name]. */
const RENAMED_DEFAULTS: readonly (readonly [string, string, number])[] = [
  ['stream_creator_or_nobody', 'channel_creator', SIM_LEVELS.channelCreatorDefault],
];

function spellDefaults(
  settings: Record<string, ReturnType<typeof describe>>,
  level: number,
): Record<string, ReturnType<typeof describe>> {
  for (const described of Object.values(settings)) {
    const renamed = RENAMED_DEFAULTS.find(([old, , since]) => described.default_group_name === old && level >= since);
    if (renamed) described.default_group_name = renamed[1];
  }
  return settings;
}

export function supportedPermissionSettings(level: number) {
  return {
    realm: spellDefaults(table(REALM, 'realm', level), level),
    stream: spellDefaults(table(STREAM, 'stream', level), level),
    group: spellDefaults(table(GROUP, 'group', level), level),
  };
}

export const GIPHY_RATING_OPTIONS = {
  disabled: { name: 'GIPHY integration disabled', id: 0 },
  y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
  g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
  pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
  'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
  r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
};
