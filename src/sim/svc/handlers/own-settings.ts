import { badRequest, mustBeAdmin } from '../errors';
import { invalidGroupId } from '../group-setting-checks';
import { endpoint, userHandler } from '../handler';
import { SIM_LEVELS } from '../levels';
import { bool, boolValue, dictValue, intValue, json, listOf, type Decoder } from '../param-spec';
import { isAdminRole } from '../permissions';
import type { UserSettingName } from '../settings';
import type { SimUser, SvcStore } from '../store';
import { SIM_USER_SETTINGS, spellSettingValue, storedSettingValue } from '../user-setting-table';
import { checkSettingValue, userSettingParams } from './realm-defaults';

/**
 * `PATCH /settings`: the caller's own personal settings (every setting the server of this level knows, and
 * the consent to private data in exports), and from level 444 the same settings applied by an administrator
 * to other people (`target_users`). Values are checked before anything changes; each change that changes
 * something is announced to the person it concerns alone.
 */

type SettingValue = boolean | number | string;

interface TargetUsers {
  user_ids: number[];
  group_ids: number[];
  skip_if_already_edited: boolean;
}

/**
 * The server's model of `target_users`: two lists defaulting to empty, a required boolean, unknown fields
 * ignored; at least one list must name someone.
 */
const targetUsersValue: Decoder<TargetUsers> = (value, path) => {
  const dict = dictValue(value, path);
  const list = (name: string) => (dict[name] === undefined ? [] : listOf(intValue)(dict[name], `${path}["${name}"]`));
  const skip = dict.skip_if_already_edited;
  if (skip === undefined) throw badRequest(`${path}["skip_if_already_edited"] field is missing: Field required`);
  const target = {
    user_ids: list('user_ids'),
    group_ids: list('group_ids'),
    skip_if_already_edited: boolValue(skip, `${path}["skip_if_already_edited"]`),
  };
  if (target.user_ids.length === 0 && target.group_ids.length === 0)
    throw badRequest('Either user_ids or group_ids must be provided.');
  return target;
};

/** Settings whose privacy weight keeps administrators from changing them for others. */
const SECURITY_SENSITIVE = new Set([
  'allow_private_data_export',
  'email_address_visibility',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'presence_enabled',
  'send_private_typing_notifications',
  'send_read_receipts',
  'send_stream_typing_notifications',
]);
export const NOT_FOR_OTHERS = 'Cannot change this setting for other users.';

/** Who changed which of their own settings themselves (the server reads it off its audit log). */
const selfEdited = new WeakMap<SvcStore, Map<number, Set<string>>>();

function editedBySelf(store: SvcStore, userId: number): Set<string> {
  let byUser = selfEdited.get(store);
  if (!byUser) selfEdited.set(store, (byUser = new Map()));
  let names = byUser.get(userId);
  if (!names) byUser.set(userId, (names = new Set()));
  return names;
}

/** Stores a setting (level-independent spelling) and tells its owner alone, when it changes something. */
function changeSetting(store: SvcStore, user: SimUser, name: UserSettingName, value: SettingValue): boolean {
  const stored = storedSettingValue(name, value, store.featureLevel);
  if (store.personalSetting(user.user_id, name) === stored) return false;
  store.personalSettings.set(user.user_id, { ...store.personalSettings.get(user.user_id), [name]: stored });
  const spelled = spellSettingValue(name, stored, store.featureLevel);
  store.emit({ type: 'user_settings', op: 'update', owner_id: user.user_id, property: name, value: spelled });
  return true;
}

/** A group's members at any depth (system groups hold their active role holders, others whom they list). */
function membersAtAnyDepth(store: SvcStore, groupId: number): Set<number> {
  const members = new Set<number>();
  const stack = [groupId];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const group = store.userGroup(id);
    if (!group) continue;
    for (const member of store.groupMembers(group)) members.add(member);
    stack.push(...group.subgroups);
  }
  return members;
}

/** The people `target_users` names: the listed users and the groups' members, bots left out. */
function targetedUsers(store: SvcStore, target: TargetUsers): SimUser[] {
  for (const id of target.user_ids) if (!store.user(id)) throw badRequest(`Invalid user ID: ${id}`);
  for (const id of target.group_ids) if (!store.userGroup(id)) throw badRequest(invalidGroupId(id));
  // Deactivated people listed by ID are included, so that the setting is right if they come back.
  const ids = new Set(target.user_ids);
  for (const groupId of target.group_ids) for (const id of membersAtAnyDepth(store, groupId)) ids.add(id);
  return store.users.filter((u) => !u.isBot && ids.has(u.user_id));
}

function applyToOthers(store: SvcStore, me: SimUser, target: TargetUsers, changes: [UserSettingName, SettingValue][]) {
  if (!isAdminRole(me.role)) throw mustBeAdmin();
  if (changes.some(([name]) => SECURITY_SENSITIVE.has(name))) throw badRequest(NOT_FOR_OTHERS);
  const users = targetedUsers(store, target);
  for (const [name, value] of changes) {
    for (const user of users) {
      if (target.skip_if_already_edited && editedBySelf(store, user.user_id).has(name)) continue;
      changeSetting(store, user, name, value);
    }
  }
}

/** The settings the request carries, each checked, in the table's order (the consent last). */
function requestedChanges(store: SvcStore, params: Record<string, unknown>): [UserSettingName, SettingValue][] {
  const changes: [UserSettingName, SettingValue][] = [];
  for (const [name, def] of Object.entries(SIM_USER_SETTINGS)) {
    const value = params[name] as SettingValue | undefined;
    if (value === undefined) continue;
    checkSettingValue(name, def, value, store.featureLevel);
    changes.push([name as UserSettingName, value]);
  }
  if (params.allow_private_data_export !== undefined)
    changes.push(['allow_private_data_export', params.allow_private_data_export as boolean]);
  return changes;
}

export const ownSettingsHandler = userHandler(
  endpoint({
    method: 'PATCH',
    path: '/settings',
    params: {
      ...userSettingParams(),
      allow_private_data_export: bool().optional(),
      target_users: json(targetUsersValue).optional().from(SIM_LEVELS.settingsTargetUsers),
    },
  }),
  ({ core, me, params }) => {
    const { store } = core;
    const changes = requestedChanges(store, params);
    if (params.target_users !== undefined) {
      applyToOthers(store, me, params.target_users, changes);
      return {};
    }
    for (const [name, value] of changes)
      if (changeSetting(store, me, name, value)) editedBySelf(store, me.user_id).add(name);
    return {};
  },
);
