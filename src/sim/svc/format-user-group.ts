import type { GroupSettingValue } from '../../shared/svc/group-settings';
import {
  SIM_GROUP_LEVELS as USER_GROUP_LEVELS,
  SIM_USER_GROUP_PERMISSIONS as USER_GROUP_PERMISSION_SETTINGS,
} from './group-rules';
import type { SimUserGroup, SvcStore } from './store';

const byId = (a: number, b: number) => a - b;

/** A group's direct members as listed: sorted; deactivated users only before level 303. */
export function listedMembers(store: SvcStore, group: SimUserGroup): number[] {
  const members = store.groupMembers(group);
  const all = store.featureLevel < USER_GROUP_LEVELS.activeMembersOnly;
  return (all ? members : members.filter((id) => store.user(id)?.isActive)).sort(byId);
}

/**
 * A stored setting value as the API shows it: a group ID as is; an ad-hoc set with its active users only,
 * both lists sorted. (Not collapsed: a set whose only user was deactivated shows as an empty set.)
 */
export function apiGroupSettingValue(store: SvcStore, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  return {
    direct_members: value.direct_members.filter((id) => store.user(id)?.isActive).sort(byId),
    direct_subgroups: [...value.direct_subgroups].sort(byId),
  };
}

/** A user group as `GET /user_groups` and `user_group` `add` events show it on a server of this level. */
export function formatUserGroup(store: SvcStore, group: SimUserGroup): Record<string, unknown> {
  const level = store.featureLevel;
  const at = (min: number, fields: Record<string, unknown>) => (level >= min ? fields : {});
  const subgroups = [...group.subgroups].sort(byId);
  const settings: Record<string, unknown> = {};
  for (const name of USER_GROUP_PERMISSION_SETTINGS) {
    if (level >= USER_GROUP_LEVELS[name]) settings[name] = apiGroupSettingValue(store, group.permissions[name]);
  }
  return {
    id: group.id,
    name: group.name,
    ...at(USER_GROUP_LEVELS.creator, { creator_id: group.creatorId, date_created: group.dateCreated }),
    description: group.description,
    members: listedMembers(store, group),
    ...(level >= USER_GROUP_LEVELS.directSubgroupIds
      ? { direct_subgroup_ids: subgroups }
      : at(USER_GROUP_LEVELS.subgroupsField, { subgroups })),
    ...at(USER_GROUP_LEVELS.isSystemGroup, { is_system_group: group.isSystemGroup }),
    ...settings,
    ...at(USER_GROUP_LEVELS.deactivated, { deactivated: group.deactivated }),
  };
}
