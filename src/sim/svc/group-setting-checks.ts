import type { GroupSettingValue, SystemGroupName } from '../../shared/svc/group-settings';
import { storedGroupSetting as canonicalGroupSetting } from './group-rules';
import { badRequest, SvcError } from './errors';
import { SIM_LEVELS } from './levels';
import type { SimUserGroup, SvcStore } from './store';

// The server's words (the seed's, for the unknown group).
export const INVALID_USER_GROUP = 'Invalid user group.';
export const GROUP_DEACTIVATED = 'User group is deactivated.';
export const invalidUserId = (id: number) => `Invalid user ID: ${id}`;
export const invalidGroupId = (id: number) => `Invalid user group ID: ${id}`;

export interface GroupSettingCheckOptions {
  /** The setting's name, for the server's "cannot be set to" message. */
  setting?: string;
  /** System groups this setting may not be set to (checked only when `setting` is given). */
  disallowed?: readonly SystemGroupName[];
}

/**
 * Level 441: in a private channel with protected history everyone may start topics, so `can_create_topic_group`
 * may only be `role:everyone` there. `value` is the (checked, canonical) value the channel would have.
 */
export function topicCreationOnProtectedHistory(
  store: SvcStore,
  inviteOnly: boolean,
  historyPublic: boolean,
  value: GroupSettingValue | undefined,
): SvcError | null {
  if (store.featureLevel < SIM_LEVELS.canCreateTopicGroup) return null;
  if (value === undefined || !inviteOnly || historyPublic) return null;
  if (value === store.systemGroup('role:everyone').id) return null;
  const parameters = 'history_public_to_subscribers, can_create_topic_group';
  return new SvcError('BAD_REQUEST', `Unsupported parameter combination: ${parameters}`, 400, { parameters });
}

/** A named group by ID, refused the server's way: unknown, or deactivated unless allowed. */
export function namedGroupOrThrow(store: SvcStore, id: number, allowDeactivated = false): SimUserGroup {
  const group = store.userGroup(id);
  if (!group) throw badRequest(INVALID_USER_GROUP);
  if (group.deactivated && !allowDeactivated) throw badRequest(GROUP_DEACTIVATED);
  return group;
}

/** Active users by ID, in request order; unknown and deactivated ones are both "Invalid user ID". */
export function activeUserIdsOrThrow(store: SvcStore, ids: readonly number[]): number[] {
  for (const id of ids) if (!store.user(id)?.isActive) throw badRequest(invalidUserId(id));
  return [...ids];
}

/**
 * Checks a group-setting value the way the server does before storing it, and returns the value to store:
 * an ad-hoc set of one group and no users becomes that group, an empty set becomes `role:nobody`. A named
 * group must exist and be active (a deactivated group cannot hold a permission) and, for a setting with
 * restrictions, not be one of the system groups it refuses; an ad-hoc set's users must be active and its
 * groups exist and be active.
 */
export function checkGroupSettingValue(
  store: SvcStore,
  value: GroupSettingValue,
  options: GroupSettingCheckOptions = {},
): GroupSettingValue {
  const canonical = canonicalGroupSetting(value, store.systemGroup('role:nobody').id);
  if (typeof canonical === 'number') {
    const group = namedGroupOrThrow(store, canonical);
    const { setting, disallowed = [] } = options;
    if (setting !== undefined && group.isSystemGroup && disallowed.includes(group.name as SystemGroupName)) {
      throw badRequest(`'${setting}' setting cannot be set to '${group.name}' group.`);
    }
    return canonical;
  }
  activeUserIdsOrThrow(store, canonical.direct_members);
  for (const id of canonical.direct_subgroups) if (!store.userGroup(id)) throw badRequest(invalidGroupId(id));
  for (const id of canonical.direct_subgroups)
    if (store.userGroup(id)?.deactivated) throw badRequest(GROUP_DEACTIVATED);
  return {
    direct_members: [...new Set(canonical.direct_members)],
    direct_subgroups: [...new Set(canonical.direct_subgroups)],
  };
}
