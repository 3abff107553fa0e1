import type { GroupSettingValue } from '../../../shared/svc/group-settings';
import {
  groupNameRefusal as userGroupNameProblem,
  sameGroupSetting as groupSettingsEqual,
  SIM_CHANNEL_PERMISSIONS as CHANNEL_PERMISSION_SETTINGS,
  SIM_GROUP_LEVELS as USER_GROUP_LEVELS,
  SIM_GROUP_SETTING_DISALLOWED as USER_GROUP_SETTING_DISALLOWED,
  SIM_USER_GROUP_PERMISSIONS as USER_GROUP_PERMISSION_SETTINGS,
  storedGroupSetting as canonicalGroupSetting,
  type SimUserGroupPermission as UserGroupPermissionSetting,
} from '../group-rules';
import { isInGroupSetting, realmGroupSettingValue } from '../channel-access';
import { badRequest, noSuchUser, SvcError } from '../errors';
import type { UserGroupEvent } from '../events';
import { apiGroupSettingValue, formatUserGroup } from '../format-user-group';
import {
  activeUserIdsOrThrow,
  checkGroupSettingValue,
  GROUP_DEACTIVATED,
  invalidGroupId,
  namedGroupOrThrow,
} from '../group-setting-checks';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import type { RealmGroupSetting } from '../settings';
import type { SimUser, SimUserGroup, SvcStore } from '../store';
import { bool, int, intList, json, text } from '../param-spec';
import { groupSettingUpdate, groupSettingValue } from '../wire-values';
import { SIM_LEVELS } from '../levels';

/**
 * User-group endpoints with the server's rules and words. A request either succeeds whole or changes
 * nothing (the server runs each in one transaction), so handlers work on the group, and put it back and
 * stay silent when a later step refuses.
 */

const INSUFFICIENT = 'Insufficient permission';
const GUESTS_REFUSED = 'Not allowed for guest users';
const BOTS_REFUSED = 'This endpoint does not accept bot requests.';
const NO_NEW_DATA = 'No new data supplied';
const OLD_MISMATCH = "'old' value does not match the expected value.";
const IN_USE = 'Cannot deactivate user group in use.';
const alreadyExists = (name: string) => `User group '${name}' already exists.`;

const byId = (a: number, b: number) => a - b;

/** The decorator most user-group views carry: members and above, people only. */
function requireMemberOrAdmin(me: SimUser): void {
  if (me.role === 600) throw badRequest(GUESTS_REFUSED);
  if (me.isBot) throw badRequest(BOTS_REFUSED);
}

/** Whether `user` holds a permission; guests never hold one that may not be set to `role:everyone`. */
function holds(store: SvcStore, user: SimUser, value: GroupSettingValue, guestsMay: boolean): boolean {
  if (!guestsMay && user.role === 600) return false;
  return isInGroupSetting(store, value, user);
}

function holdsRealm(store: SvcStore, user: SimUser, setting: RealmGroupSetting): boolean {
  // Neither realm group permission used here may be given to everyone, so guests never hold them.
  return holds(store, user, realmGroupSettingValue(store, setting), false);
}

function holdsGroupSetting(store: SvcStore, user: SimUser, group: SimUserGroup, setting: UserGroupPermissionSetting) {
  const guestsMay = !USER_GROUP_SETTING_DISALLOWED[setting].includes('role:everyone');
  return holds(store, user, group.permissions[setting], guestsMay);
}

/**
 * The group `me` may change through `setting`: system groups never; those who may manage every group or
 * this one may do anything; otherwise the specific setting decides.
 */
function groupForUpdate(
  store: SvcStore,
  me: SimUser,
  id: number,
  setting: UserGroupPermissionSetting,
  allowDeactivated: boolean,
): SimUserGroup {
  const group = namedGroupOrThrow(store, id, allowDeactivated);
  if (group.isSystemGroup) throw badRequest(INSUFFICIENT);
  if (holdsRealm(store, me, store.realmSettings.can_manage_all_groups)) return group;
  if (holdsGroupSetting(store, me, group, 'can_manage_group')) return group;
  if (setting !== 'can_manage_group' && holdsGroupSetting(store, me, group, setting)) return group;
  throw badRequest(INSUFFICIENT);
}

/** Self-service first (join or leave), then the general permission, as the server tries them. */
function groupForMembership(
  store: SvcStore,
  me: SimUser,
  id: number,
  userIds: readonly number[],
  own: UserGroupPermissionSetting,
  general: UserGroupPermissionSetting,
): SimUserGroup {
  const allowDeactivated = store.featureLevel >= SIM_LEVELS.groupSubgroupsOnDeactivated;
  if (userIds.length === 1 && userIds[0] === me.user_id) {
    try {
      return groupForUpdate(store, me, id, own, allowDeactivated);
    } catch {
      return groupForUpdate(store, me, id, general, allowDeactivated);
    }
  }
  return groupForUpdate(store, me, id, general, allowDeactivated);
}

function nameTaken(store: SvcStore, name: string, except: SimUserGroup | null): boolean {
  return store.userGroups.some((g) => g !== except && g.name === name);
}

/** What a new group's unset permissions are: its creator manages it and adds members; everyone may leave. */
export function newGroupPermissions(
  store: SvcStore,
  creatorId: number,
): Record<UserGroupPermissionSetting, GroupSettingValue> {
  const creator = () => ({ direct_members: [creatorId], direct_subgroups: [] });
  return {
    can_add_members_group: creator(),
    can_join_group: store.systemGroup('role:nobody').id,
    can_leave_group: store.systemGroup('role:everyone').id,
    can_manage_group: creator(),
    can_mention_group: store.systemGroup('role:everyone').id,
    can_remove_members_group: store.systemGroup('role:nobody').id,
  };
}

/** Groups reachable from `roots` through subgroups, the roots included. */
function reachable(store: SvcStore, roots: Iterable<number>): Set<number> {
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(store.userGroup(id)?.subgroups ?? []));
  }
  return seen;
}

function activeDirectMembers(store: SvcStore, group: SimUserGroup): number[] {
  return store
    .groupMembers(group)
    .filter((id) => store.user(id)?.isActive)
    .sort(byId);
}

/** Recursive members: active users in the group or any group below it. */
function recursiveMembers(store: SvcStore, group: SimUserGroup): number[] {
  const users = new Set<number>();
  for (const id of reachable(store, [group.id])) {
    const g = store.userGroup(id);
    if (g) for (const member of store.groupMembers(g)) users.add(member);
  }
  return [...users].filter((id) => store.user(id)?.isActive).sort(byId);
}

/** The groups a request names as subgroups: all must exist, then all be active. */
function subgroupsOrThrow(store: SvcStore, ids: readonly number[]): SimUserGroup[] {
  for (const id of ids) if (!store.userGroup(id)) throw badRequest(invalidGroupId(id));
  const groups = ids.map((id) => store.userGroup(id)!);
  if (groups.some((g) => g.deactivated)) throw badRequest(GROUP_DEACTIVATED);
  return groups;
}

const refersTo = (value: GroupSettingValue, id: number) =>
  value === id || (typeof value !== 'number' && value.direct_subgroups.includes(id));

/** Where an active group is still used, as the server lists it when refusing to deactivate it. */
function objectionsTo(store: SvcStore, group: SimUserGroup): Record<string, unknown>[] {
  const objections: Record<string, unknown>[] = [];
  const supergroups = store.userGroups
    .filter((g) => !g.deactivated && g.subgroups.has(group.id))
    .map((g) => g.id)
    .sort(byId);
  if (supergroups.length > 0) objections.push({ type: 'subgroup', supergroup_ids: supergroups });
  for (const channel of store.channels) {
    if (channel.isArchived) continue;
    const settings = CHANNEL_PERMISSION_SETTINGS.filter((s) => {
      const value = channel.permissions[s] as GroupSettingValue | undefined;
      return value !== undefined && refersTo(value, group.id);
    });
    if (settings.length > 0) objections.push({ type: 'channel', channel_id: channel.stream_id, settings });
  }
  for (const other of store.userGroups) {
    if (other.deactivated) continue;
    const settings = USER_GROUP_PERMISSION_SETTINGS.filter((s) => refersTo(other.permissions[s], group.id));
    if (settings.length > 0) objections.push({ type: 'user_group', group_id: other.id, settings });
  }
  const realm = Object.entries(store.realmSettings)
    .filter(([name, value]) => name.startsWith('can_') && isRealmGroupSetting(value))
    .filter(([, value]) => refersTo(realmGroupSettingValue(store, value as RealmGroupSetting), group.id))
    .map(([name]) => name);
  if (realm.length > 0) objections.push({ type: 'realm', settings: realm });
  return objections;
}

function isRealmGroupSetting(value: unknown): boolean {
  if (typeof value === 'string') return value.startsWith('role:');
  if (typeof value === 'number') return Number.isInteger(value);
  return typeof value === 'object' && value !== null && 'direct_members' in value && 'direct_subgroups' in value;
}

/**
 * Runs `change` as one transaction on the group it may modify (undefined when there is none, and then
 * `change` refuses): on a refusal the group is put back and nothing is announced.
 */
function transact(store: SvcStore, group: SimUserGroup | undefined, change: (events: UserGroupEvent[]) => void): void {
  const saved = group && {
    name: group.name,
    description: group.description,
    deactivated: group.deactivated,
    members: new Set(group.members),
    subgroups: new Set(group.subgroups),
    permissions: { ...group.permissions },
  };
  const events: UserGroupEvent[] = [];
  try {
    change(events);
  } catch (error) {
    if (group) Object.assign(group, saved);
    throw error;
  }
  for (const event of events) store.emit(event);
}

const update = (groupId: number, data: Record<string, string | boolean | GroupSettingValue>): UserGroupEvent => ({
  type: 'user_group',
  op: 'update',
  group_id: groupId,
  data,
});

function addMembers(store: SvcStore, me: SimUser, groupId: number, ids: number[], events: UserGroupEvent[]) {
  const group = groupForMembership(store, me, groupId, ids, 'can_join_group', 'can_add_members_group');
  const users = [...new Set(activeUserIdsOrThrow(store, ids))];
  for (const id of users) if (group.members.has(id)) throw badRequest(`User ${id} is already a member of this group`);
  for (const id of users) group.members.add(id);
  events.push({ type: 'user_group', op: 'add_members', group_id: group.id, user_ids: users });
}

function removeMembers(store: SvcStore, me: SimUser, groupId: number, ids: number[], events: UserGroupEvent[]) {
  const users = [...new Set(activeUserIdsOrThrow(store, ids))];
  const group = groupForMembership(store, me, groupId, ids, 'can_leave_group', 'can_remove_members_group');
  for (const id of ids) if (!group.members.has(id)) throw badRequest(`There is no member '${id}' in this user group`);
  for (const id of users) group.members.delete(id);
  events.push({ type: 'user_group', op: 'remove_members', group_id: group.id, user_ids: users });
}

function addSubgroups(store: SvcStore, me: SimUser, groupId: number, ids: number[], events: UserGroupEvent[]) {
  const allowDeactivated = store.featureLevel >= SIM_LEVELS.groupSubgroupsOnDeactivated;
  const group = groupForUpdate(store, me, groupId, 'can_add_members_group', allowDeactivated);
  const subgroups = subgroupsOrThrow(store, ids);
  for (const sub of subgroups) {
    if (group.subgroups.has(sub.id)) throw badRequest(`User group ${sub.id} is already a subgroup of this group.`);
  }
  if (reachable(store, ids).has(group.id)) {
    throw badRequest(`User group ${group.id} is already a subgroup of one of the passed subgroups.`);
  }
  const added = [...new Set(ids)];
  for (const id of added) group.subgroups.add(id);
  events.push({ type: 'user_group', op: 'add_subgroups', group_id: group.id, direct_subgroup_ids: added });
}

function removeSubgroups(store: SvcStore, me: SimUser, groupId: number, ids: number[], events: UserGroupEvent[]) {
  const allowDeactivated = store.featureLevel >= SIM_LEVELS.groupSubgroupsOnDeactivated;
  const group = groupForUpdate(store, me, groupId, 'can_manage_group', allowDeactivated);
  const subgroups = subgroupsOrThrow(store, ids);
  for (const sub of subgroups) {
    if (!group.subgroups.has(sub.id)) throw badRequest(`User group ${sub.id} is not a subgroup of this group.`);
  }
  const removed = [...new Set(ids)];
  for (const id of removed) group.subgroups.delete(id);
  events.push({ type: 'user_group', op: 'remove_subgroups', group_id: group.id, direct_subgroup_ids: removed });
}

export const userGroupsHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({ method: 'GET', path: '/user_groups', params: { include_deactivated_groups: bool().optional() } }),
    ({ core, me, params }) => {
      const { store } = core;
      requireMemberOrAdmin(me);
      const withDeactivated = params.include_deactivated_groups === true;
      return {
        user_groups: store.userGroups
          .filter((g) => withDeactivated || !g.deactivated)
          .sort((a, b) => a.id - b.id)
          .map((g) => formatUserGroup(store, g)),
      };
    },
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/user_groups/create',
      params: {
        name: text(),
        description: text(),
        members: intList(),
        subgroups: intList().optional(),
        can_add_members_group: json(groupSettingValue).optional(),
        can_join_group: json(groupSettingValue).optional(),
        can_leave_group: json(groupSettingValue).optional(),
        can_manage_group: json(groupSettingValue).optional(),
        can_mention_group: json(groupSettingValue).optional(),
        can_remove_members_group: json(groupSettingValue).optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      requireMemberOrAdmin(me);
      if (!holdsRealm(store, me, store.realmSettings.can_create_groups)) throw badRequest(INSUFFICIENT);
      const members = [...new Set(activeUserIdsOrThrow(store, params.members))];
      const problem = userGroupNameProblem(params.name);
      if (problem) throw badRequest(problem);
      const permissions = newGroupPermissions(store, me.user_id);
      for (const setting of USER_GROUP_PERMISSION_SETTINGS) {
        const value = params[setting];
        if (value === undefined) continue;
        permissions[setting] = checkGroupSettingValue(store, value, {
          setting,
          disallowed: USER_GROUP_SETTING_DISALLOWED[setting],
        });
      }
      if (nameTaken(store, params.name, null)) throw badRequest(alreadyExists(params.name));
      const subgroupIds =
        store.featureLevel >= USER_GROUP_LEVELS.createWithSubgroups ? [...new Set(params.subgroups ?? [])] : [];
      subgroupsOrThrow(store, subgroupIds);

      const group = store.addUserGroup({
        name: params.name,
        description: params.description,
        isSystemGroup: false,
        members: new Set(members),
        subgroups: new Set(),
        deactivated: false,
        dateCreated: Math.floor(store.now() / 1000),
        creatorId: me.user_id,
        permissions,
      });
      store.emit({ type: 'user_group', op: 'add', group: { ...formatUserGroup(store, group), members } });
      if (subgroupIds.length > 0) {
        for (const id of subgroupIds) group.subgroups.add(id);
        store.emit({ type: 'user_group', op: 'add_subgroups', group_id: group.id, direct_subgroup_ids: subgroupIds });
      }
      return store.featureLevel >= USER_GROUP_LEVELS.createReturnsId ? { group_id: group.id } : {};
    },
  ),

  userHandler(
    endpoint({
      method: 'PATCH',
      path: '/user_groups/{user_group_id}',
      params: {
        user_group_id: int(),
        name: text().optional(),
        description: text().optional(),
        can_add_members_group: json(groupSettingUpdate).optional(),
        can_join_group: json(groupSettingUpdate).optional(),
        can_leave_group: json(groupSettingUpdate).optional(),
        can_manage_group: json(groupSettingUpdate).optional(),
        can_mention_group: json(groupSettingUpdate).optional(),
        can_remove_members_group: json(groupSettingUpdate).optional(),
        deactivated: bool().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      requireMemberOrAdmin(me);
      // Unknown before reactivation existed, so ignored there.
      const deactivated = store.featureLevel >= SIM_LEVELS.groupReactivation ? params.deactivated : undefined;
      const settings = USER_GROUP_PERMISSION_SETTINGS.filter((s) => params[s] !== undefined);
      if (params.name === undefined && params.description === undefined && settings.length === 0) {
        if (deactivated === undefined) throw badRequest(NO_NEW_DATA);
      }
      const group = groupForUpdate(store, me, params.user_group_id, 'can_manage_group', true);
      transact(store, group, (events) => {
        const { name, description } = params;
        if (name !== undefined && name !== group.name) {
          const problem = userGroupNameProblem(name);
          if (problem) throw badRequest(problem);
          if (nameTaken(store, name, group)) throw badRequest(alreadyExists(name));
          group.name = name;
          events.push(update(group.id, { name }));
        }
        if (description !== undefined && description !== group.description) {
          group.description = description;
          events.push(update(group.id, { description }));
        }
        if (deactivated === false && group.deactivated) {
          group.deactivated = false;
          events.push(update(group.id, { deactivated: false }));
          events.push({ type: 'user_group', op: 'add', group: formatUserGroup(store, group) });
        }
        const nobody = store.systemGroup('role:nobody').id;
        for (const setting of settings) {
          const change = params[setting]!;
          const next = canonicalGroupSetting(change.new, nobody);
          const current = apiGroupSettingValue(store, group.permissions[setting]);
          // How clients avoid overwriting a change they have not seen.
          if (change.old !== undefined && !groupSettingsEqual(canonicalGroupSetting(change.old, nobody), current)) {
            throw new SvcError('EXPECTATION_MISMATCH', OLD_MISMATCH);
          }
          if (groupSettingsEqual(current, next)) continue;
          const stored = checkGroupSettingValue(store, next, {
            setting,
            disallowed: USER_GROUP_SETTING_DISALLOWED[setting],
          });
          group.permissions[setting] = stored;
          events.push(update(group.id, { [setting]: apiGroupSettingValue(store, stored) }));
        }
      });
      return {};
    },
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/user_groups/{user_group_id}/deactivate',
      params: { user_group_id: int() },
      since: SIM_LEVELS.groupDeactivation,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const group = groupForUpdate(store, me, params.user_group_id, 'can_manage_group', false);
      const objections = objectionsTo(store, group);
      if (objections.length > 0) {
        throw store.featureLevel >= USER_GROUP_LEVELS.deactivationObjections
          ? new SvcError('CANNOT_DEACTIVATE_GROUP_IN_USE', IN_USE, 400, { objections })
          : badRequest(IN_USE);
      }
      group.deactivated = true;
      // Queues that handle deactivated groups hear the update; the others hear `remove`.
      store.emit({ type: 'user_group', op: 'update', group_id: group.id, data: { deactivated: true } });
      store.emit({ type: 'user_group', op: 'remove', group_id: group.id });
      return {};
    },
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/user_groups/{user_group_id}/members',
      params: {
        user_group_id: int(),
        add: intList().optional(),
        delete: intList().optional(),
        add_subgroups: intList().optional(),
        delete_subgroups: intList().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      requireMemberOrAdmin(me);
      const level = store.featureLevel;
      const withSubgroups = level >= USER_GROUP_LEVELS.membersEndpointSubgroups;
      const add = params.add ?? [];
      const remove = params.delete ?? [];
      const addSubs = withSubgroups ? (params.add_subgroups ?? []) : [];
      const removeSubs = withSubgroups ? (params.delete_subgroups ?? []) : [];
      if (add.length + remove.length + addSubs.length + removeSubs.length === 0) {
        throw badRequest(
          withSubgroups
            ? 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".'
            : 'Nothing to do. Specify at least one of "add" or "delete".',
        );
      }
      const id = params.user_group_id;
      transact(store, store.userGroup(id), (events) => {
        if (add.length > 0) addMembers(store, me, id, add, events);
        if (remove.length > 0) removeMembers(store, me, id, remove, events);
        if (addSubs.length > 0) addSubgroups(store, me, id, addSubs, events);
        if (removeSubs.length > 0) removeSubgroups(store, me, id, removeSubs, events);
      });
      return {};
    },
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/user_groups/{user_group_id}/subgroups',
      params: { user_group_id: int(), add: intList().optional(), delete: intList().optional() },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      requireMemberOrAdmin(me);
      const add = params.add ?? [];
      const remove = params.delete ?? [];
      if (add.length + remove.length === 0)
        throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
      const id = params.user_group_id;
      transact(store, store.userGroup(id), (events) => {
        if (add.length > 0) addSubgroups(store, me, id, add, events);
        if (remove.length > 0) removeSubgroups(store, me, id, remove, events);
      });
      return {};
    },
  ),

  userHandler(
    endpoint({
      method: 'GET',
      path: '/user_groups/{user_group_id}/members',
      params: { user_group_id: int(), direct_member_only: bool().optional() },
      since: SIM_LEVELS.groupMembershipReads,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      requireMemberOrAdmin(me);
      const group = namedGroupOrThrow(store, params.user_group_id);
      const direct = params.direct_member_only === true;
      return {
        members: direct ? activeDirectMembers(store, group) : recursiveMembers(store, group),
      };
    },
  ),

  userHandler(
    endpoint({
      method: 'GET',
      path: '/user_groups/{user_group_id}/subgroups',
      params: { user_group_id: int(), direct_subgroup_only: bool().optional() },
      since: SIM_LEVELS.groupMembershipReads,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      requireMemberOrAdmin(me);
      const group = namedGroupOrThrow(store, params.user_group_id);
      if (params.direct_subgroup_only === true) return { subgroups: [...group.subgroups].sort(byId) };
      const below = reachable(store, group.subgroups);
      return { subgroups: [...below].sort(byId) };
    },
  ),

  userHandler(
    endpoint({
      method: 'GET',
      path: '/user_groups/{user_group_id}/members/{user_id}',
      params: { user_group_id: int(), user_id: int(), direct_member_only: bool().optional() },
      since: SIM_LEVELS.groupMembershipReads,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      requireMemberOrAdmin(me);
      const group = namedGroupOrThrow(store, params.user_group_id);
      const target = store.user(params.user_id);
      if (!target || target.isBot) throw noSuchUser();
      if (!target.isActive) throw badRequest('User is deactivated');
      const members =
        params.direct_member_only === true ? activeDirectMembers(store, group) : recursiveMembers(store, group);
      return { is_user_group_member: members.includes(target.user_id) };
    },
  ),
];
