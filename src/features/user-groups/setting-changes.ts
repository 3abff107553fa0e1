import { ApiError } from '../../client/api-error';
import { sameGroupSetting, type GroupSettingValue } from '../../shared/svc/group-settings';
import {
  USER_GROUP_PERMISSION_SETTINGS,
  type UserGroup,
  type UserGroupPermissionSetting,
} from '../../shared/svc/user-groups';

/** The six settings as a form holds them; a setting the server does not have yet is absent. */
export type SettingValues = Partial<Record<UserGroupPermissionSetting, GroupSettingValue>>;
export type SettingUpdates = Partial<
  Record<UserGroupPermissionSetting, { new: GroupSettingValue; old: GroupSettingValue }>
>;

export function settingValuesOf(group: UserGroup): SettingValues {
  const values: SettingValues = {};
  for (const setting of USER_GROUP_PERMISSION_SETTINGS) {
    const value = group[setting];
    if (value !== undefined) values[setting] = value;
  }
  return values;
}

/** The settings the form changed from what it was loaded with. */
export function changedSettings(loaded: SettingValues, edited: SettingValues): UserGroupPermissionSetting[] {
  return USER_GROUP_PERMISSION_SETTINGS.filter((s) => {
    const a = loaded[s];
    const b = edited[s];
    return a !== undefined && b !== undefined && !sameGroupSetting(a, b);
  });
}

/**
 * The `{new, old}` updates for the changed settings. `old` is what the form was loaded with (or, on a
 * retry, the fresh value the admin has now seen), so the server refuses if someone changed it meanwhile.
 */
export function settingUpdates(
  settings: readonly UserGroupPermissionSetting[],
  edited: SettingValues,
  old: SettingValues,
): SettingUpdates {
  const updates: SettingUpdates = {};
  for (const setting of settings) {
    const next = edited[setting];
    const before = old[setting];
    if (next !== undefined && before !== undefined) updates[setting] = { new: next, old: before };
  }
  return updates;
}

/** The server's refusal of a stale `old`: someone else changed a setting since the form was loaded. */
export function isStaleOldError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'EXPECTATION_MISMATCH';
}

export interface SettingConflict {
  setting: UserGroupPermissionSetting;
  mine: GroupSettingValue;
  theirs: GroupSettingValue;
}

/**
 * After a refusal, which of my changes collide: the settings I changed whose current value is no longer
 * what I loaded. (The server names none; it refuses the whole request.)
 */
export function conflictsAfterRefusal(
  settings: readonly UserGroupPermissionSetting[],
  loaded: SettingValues,
  edited: SettingValues,
  fresh: SettingValues,
): SettingConflict[] {
  const conflicts: SettingConflict[] = [];
  for (const setting of settings) {
    const before = loaded[setting];
    const now = fresh[setting];
    const mine = edited[setting];
    if (before === undefined || now === undefined || mine === undefined) continue;
    if (!sameGroupSetting(before, now)) conflicts.push({ setting, mine, theirs: now });
  }
  return conflicts;
}

/**
 * What the form says before sending a value the server would refuse: a system group this setting may not
 * be set to, or a deactivated group (never a permission value). Null when the value is acceptable.
 */
export function settingProblem(
  setting: UserGroupPermissionSetting,
  value: GroupSettingValue,
  groups: readonly Pick<UserGroup, 'id' | 'name' | 'is_system_group' | 'deactivated'>[],
  disallowed: readonly string[],
): string | null {
  const named = typeof value === 'number' ? [value] : value.direct_subgroups;
  for (const id of named) {
    const group = groups.find((g) => g.id === id);
    if (!group) return 'Invalid user group.';
    if (group.deactivated) return `${group.name} is deactivated and cannot be used in permissions.`;
    if (group.is_system_group && disallowed.includes(group.name)) {
      return `'${setting}' setting cannot be set to '${group.name}' group.`;
    }
  }
  return null;
}
