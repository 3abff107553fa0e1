import { isUserInGroupSetting, type GroupMembership, type GroupSettingValue } from '../../shared/svc/group-settings';
import { FEATURE_LEVELS } from '../../shared/svc/features';
import { isAdminRole } from '../../shared/svc/roles';

export interface Ability {
  allowed: boolean;
  /** Why not, in words for the user; null when allowed. */
  reason: string | null;
}

const yes: Ability = { allowed: true, reason: null };
const no = (reason: string): Ability => ({ allowed: false, reason });

type Realm = Readonly<Record<string, unknown>>;

function groupSetting(value: unknown): GroupSettingValue | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null && 'direct_members' in value && 'direct_subgroups' in value) {
    return value as GroupSettingValue;
  }
  return null;
}

/** How this server creates channels: the creation endpoint from level 417, else by subscribing. */
export function creationMethod(level: number): { method: 'create' | 'subscribe'; note: string | null } {
  return level >= FEATURE_LEVELS.channelCreate
    ? { method: 'create', note: null }
    : {
        method: 'subscribe',
        note: `This server (feature level ${level}) has no channel creation endpoint (it needs level ${FEATURE_LEVELS.channelCreate}). Channels are created the older way: by subscribing people to a channel name that does not exist yet, with fewer settings.`,
      };
}

/**
 * Whether the user may make a channel web-public: the server must allow web-public channels, the
 * organization must allow access without an account, and the user must be in the group that may.
 */
export function webPublicAbility(
  realm: Realm | undefined,
  userId: number | null,
  groups: ReadonlyMap<number, GroupMembership>,
): Ability {
  if (!realm) return no('Loading the organization’s settings…');
  if (realm.server_web_public_streams_enabled !== true) return no('This server does not allow web-public channels.');
  if (realm.realm_enable_spectator_access !== true) {
    return no('The organization does not allow viewing channels without an account.');
  }
  const who = groupSetting(realm.realm_can_create_web_public_channel_group);
  if (userId === null || who === null || !isUserInGroupSetting(who, userId, groups)) {
    return no('You are not in the group allowed to create web-public channels.');
  }
  return yes;
}

/** Topic deletion is for administrators; others are not offered it (the server refuses them). */
export function deleteTopicAbility(role: number | null): Ability {
  return role !== null && isAdminRole(role) ? yes : no('Only organization administrators can delete topics.');
}

/**
 * Whether the user may create a channel at all: guests never may; others when the organization lets them create
 * public or private channels. While the settings or groups are not known yet, the form's own checks decide.
 */
export function createChannelAbility(
  role: number | null,
  realm: Realm | undefined,
  userId: number | null,
  groups: ReadonlyMap<number, GroupMembership>,
): Ability {
  if (role === null || userId === null) return no('Checking your permissions…');
  if (role === 600) return no('Guests cannot create channels.');
  if (isAdminRole(role) || !realm || groups.size === 0) return yes;
  const settings = [realm.realm_can_create_public_channel_group, realm.realm_can_create_private_channel_group]
    .map(groupSetting)
    .filter((v): v is GroupSettingValue => v !== null);
  if (settings.length === 0 || settings.some((who) => isUserInGroupSetting(who, userId, groups))) return yes;
  return no('The organization does not let you create channels.');
}

/**
 * Whether the user may subscribe other people to the channel: administrators; never guests; others when the
 * organization's or the channel's "who can subscribe others" names them, or the channel's administrators do.
 * While the groups are not known yet, the server decides.
 */
export function addSubscribersAbility(
  role: number | null,
  userId: number | null,
  realm: Realm | undefined,
  channel: Realm,
  groups: ReadonlyMap<number, GroupMembership>,
): Ability {
  if (role !== null && isAdminRole(role)) return yes;
  if (role === 600) return no('Guests cannot subscribe other people.');
  if (userId === null || groups.size === 0) return yes;
  const settings = [
    realm?.realm_can_add_subscribers_group,
    channel.can_add_subscribers_group,
    channel.can_administer_channel_group,
  ]
    .map(groupSetting)
    .filter((v): v is GroupSettingValue => v !== null);
  if (settings.some((who) => isUserInGroupSetting(who, userId, groups))) return yes;
  return no('Only the people the organization or this channel allows can subscribe others.');
}

/** Administrators, or people in the channel's `can_remove_subscribers_group`. */
export function removeSubscribersAbility(
  role: number | null,
  userId: number | null,
  setting: GroupSettingValue | undefined,
  groups: ReadonlyMap<number, GroupMembership>,
): Ability {
  if (role !== null && isAdminRole(role)) return yes;
  if (userId !== null && setting !== undefined && isUserInGroupSetting(setting, userId, groups)) return yes;
  return no('Only administrators and the people this channel allows can unsubscribe others.');
}

/** Administrators, and the people the channel's `can_administer_channel_group` names. */
export function administerChannelAbility(
  role: number | null,
  userId: number | null,
  setting: GroupSettingValue | undefined,
  groups: ReadonlyMap<number, GroupMembership>,
): Ability {
  if (role !== null && isAdminRole(role)) return yes;
  if (userId !== null && setting !== undefined && isUserInGroupSetting(setting, userId, groups)) return yes;
  return no('Only organization administrators and this channel’s administrators can change its settings.');
}

/** Default channels and channel folders are for organization administrators. */
export function organizationAdminAbility(role: number | null, what: string): Ability {
  return role !== null && isAdminRole(role) ? yes : no(`Only organization administrators can change ${what}.`);
}
