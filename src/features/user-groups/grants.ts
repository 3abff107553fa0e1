import { CHANNEL_PERMISSION_LABELS, USER_GROUP_PERMISSION_LABELS, permissionLabel } from '../../shared/labels';
import { CHANNEL_PERMISSION_SETTINGS, type Channel } from '../../shared/svc/channels';
import type { GroupSettingValue } from '../../shared/svc/group-settings';
import {
  USER_GROUP_PERMISSION_SETTINGS,
  USER_GROUP_SETTING_DISALLOWED,
  type UserGroup,
} from '../../shared/svc/user-groups';

/**
 * "Who can do what": every group-based permission in the organization (realm settings, channel settings,
 * user-group settings), who holds each, and through which chain of groups. Pure, so it is tested alone.
 */

export type PermissionKind = 'realm' | 'channel' | 'group';

export interface PermissionSource {
  /** Stable key, e.g. `group:12:can_mention_group`. */
  key: string;
  kind: PermissionKind;
  /** The API name of the setting, e.g. `can_mention_group` or `realm_can_create_groups`. */
  setting: string;
  /** What it lets people do, in words. */
  label: string;
  /** What it applies to: "the organization", "#general", "team-leads". */
  scope: string;
  /** `Who can mention this group (team-leads)`: how a chain names it, in words. */
  reference: string;
  value: GroupSettingValue;
  /** Guests never hold it, whatever the value says (settings that may not be `role:everyone`). */
  guestsExcluded: boolean;
}

/** The organization's settings, as `GET /bff/state/realm` serves them. */
export type RealmValues = Readonly<Record<string, unknown>>;

export function asGroupSetting(value: unknown): GroupSettingValue | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { direct_members?: unknown }).direct_members) &&
    Array.isArray((value as { direct_subgroups?: unknown }).direct_subgroups)
  ) {
    return value as GroupSettingValue;
  }
  return null;
}

/**
 * Realm group settings are the `realm_can_*` keys (`realm_can_create_groups` among them) and the other
 * `realm_*_group` ones; other numbers (limits, IDs, policies) are not group settings.
 */
function isRealmGroupSettingName(name: string): boolean {
  return name.startsWith('realm_can_') || (name.startsWith('realm_') && name.endsWith('_group'));
}

/**
 * Every permission source: realm settings in name order, then channels' settings (archived channels
 * grant nothing), then active groups' settings (a deactivated group's settings no longer apply).
 */
export function permissionSources(
  realm: RealmValues | undefined,
  channels: readonly Channel[],
  groups: readonly UserGroup[],
  groupName: (group: UserGroup) => string,
): PermissionSource[] {
  const sources: PermissionSource[] = [];
  for (const name of Object.keys(realm ?? {}).sort()) {
    if (!isRealmGroupSettingName(name)) continue;
    const value = asGroupSetting(realm?.[name]);
    if (value === null) continue;
    const label = permissionLabel(name);
    sources.push({
      key: `realm:${name}`,
      kind: 'realm',
      setting: name,
      label,
      scope: 'the organization',
      reference: `${label} (the organization)`,
      value,
      guestsExcluded: false,
    });
  }
  for (const channel of [...channels].sort((a, b) => a.name.localeCompare(b.name))) {
    if (channel.is_archived) continue;
    for (const setting of CHANNEL_PERMISSION_SETTINGS) {
      const value = channel[setting];
      if (value === undefined) continue;
      sources.push({
        key: `channel:${channel.stream_id}:${setting}`,
        kind: 'channel',
        setting,
        label: CHANNEL_PERMISSION_LABELS[setting],
        scope: `#${channel.name}`,
        reference: `${CHANNEL_PERMISSION_LABELS[setting]} (#${channel.name})`,
        value,
        guestsExcluded: false,
      });
    }
  }
  for (const group of [...groups].sort((a, b) => a.name.localeCompare(b.name))) {
    if (group.deactivated) continue;
    for (const setting of USER_GROUP_PERMISSION_SETTINGS) {
      const value = group[setting];
      if (value === undefined) continue;
      const name = groupName(group);
      sources.push({
        key: `group:${group.id}:${setting}`,
        kind: 'group',
        setting,
        label: USER_GROUP_PERMISSION_LABELS[setting],
        scope: name,
        reference: `${USER_GROUP_PERMISSION_LABELS[setting]} (${name})`,
        value,
        guestsExcluded: USER_GROUP_SETTING_DISALLOWED[setting].includes('role:everyone'),
      });
    }
  }
  return sources;
}

/** The parts of a group the resolution needs. */
export interface GroupLinks {
  id: number;
  members: readonly number[];
  direct_subgroup_ids: readonly number[];
}

/** For each group, the groups that list it as a direct subgroup. */
export function parentIndex(groups: readonly GroupLinks[]): Map<number, number[]> {
  const parents = new Map<number, number[]>();
  for (const group of groups) {
    for (const sub of group.direct_subgroup_ids) {
      const list = parents.get(sub);
      if (list) list.push(group.id);
      else parents.set(sub, [group.id]);
    }
  }
  for (const list of parents.values()) list.sort((a, b) => a - b);
  return parents;
}

/**
 * Breadth-first upwards from `starts` (the groups a user is directly in, or one group): for every group
 * reached, the shortest chain `[start, parent, grandparent, …, that group]`. Cycles are tolerated.
 */
export function ancestorPaths(
  starts: readonly number[],
  parents: ReadonlyMap<number, readonly number[]>,
): Map<number, number[]> {
  const paths = new Map<number, number[]>();
  const queue: number[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    if (paths.has(start)) continue;
    paths.set(start, [start]);
    queue.push(start);
  }
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const path = paths.get(id)!;
    for (const parent of parents.get(id) ?? []) {
      if (paths.has(parent)) continue;
      paths.set(parent, [...path, parent]);
      queue.push(parent);
    }
  }
  return paths;
}

/** How a subject holds a permission: named directly, or through a chain of groups (start first). */
export type Route = { kind: 'direct' } | { kind: 'groups'; path: number[] };

export interface Grant {
  source: PermissionSource;
  route: Route;
}

function settingRoots(value: GroupSettingValue): { users: readonly number[]; groups: readonly number[] } {
  return typeof value === 'number'
    ? { users: [], groups: [value] }
    : { users: value.direct_members, groups: value.direct_subgroups };
}

/** The shortest of the chains that reach a group the value names, or null when none does. */
function shortestRoute(value: GroupSettingValue, paths: ReadonlyMap<number, number[]>): number[] | null {
  let best: number[] | null = null;
  for (const root of settingRoots(value).groups) {
    const path = paths.get(root);
    if (path && (best === null || path.length < best.length)) best = path;
  }
  return best;
}

/** Every permission a user holds, and how: named directly wins over a group chain. */
export function grantsForUser(
  userId: number,
  sources: readonly PermissionSource[],
  groups: readonly GroupLinks[],
  options: { isGuest?: boolean } = {},
): Grant[] {
  const direct = groups.filter((g) => g.members.includes(userId)).map((g) => g.id);
  const paths = ancestorPaths(direct, parentIndex(groups));
  const grants: Grant[] = [];
  for (const source of sources) {
    if (options.isGuest && source.guestsExcluded) continue;
    if (settingRoots(source.value).users.includes(userId)) {
      grants.push({ source, route: { kind: 'direct' } });
      continue;
    }
    const path = shortestRoute(source.value, paths);
    if (path) grants.push({ source, route: { kind: 'groups', path } });
  }
  return grants;
}

/**
 * Every permission a group is granted: named in the value itself, or through being (at any depth) a
 * subgroup of a group named there. The path starts with the group itself.
 */
export function grantsForGroup(
  groupId: number,
  sources: readonly PermissionSource[],
  groups: readonly GroupLinks[],
): Grant[] {
  const paths = ancestorPaths([groupId], parentIndex(groups));
  const grants: Grant[] = [];
  for (const source of sources) {
    const path = shortestRoute(source.value, paths);
    if (path) grants.push({ source, route: { kind: 'groups', path } });
  }
  return grants;
}

/**
 * Everyone a value grants, each with the shortest chain from the group they are directly in up to the
 * group the value names (null when named directly). Breadth-first downwards through subgroups.
 */
export function holdersOf(value: GroupSettingValue, groups: readonly GroupLinks[]): Map<number, Route> {
  const byId = new Map(groups.map((g) => [g.id, g] as const));
  const holders = new Map<number, Route>();
  const roots = settingRoots(value);
  for (const user of roots.users) holders.set(user, { kind: 'direct' });
  // Each queued group carries the chain from the named group down to it.
  const seen = new Set<number>();
  const queue: number[][] = [];
  for (const root of [...roots.groups].sort((a, b) => a - b)) {
    if (seen.has(root)) continue;
    seen.add(root);
    queue.push([root]);
  }
  for (let i = 0; i < queue.length; i++) {
    const down = queue[i]!;
    const group = byId.get(down[down.length - 1]!);
    if (!group) continue;
    for (const member of group.members) {
      // Reversed: chains read from the person's own group upwards.
      if (!holders.has(member)) holders.set(member, { kind: 'groups', path: [...down].reverse() });
    }
    for (const sub of [...group.direct_subgroup_ids].sort((a, b) => a - b)) {
      if (seen.has(sub)) continue;
      seen.add(sub);
      queue.push([...down, sub]);
    }
  }
  return holders;
}

/**
 * A chain in words: "Ada → design-team → subgroup of leadership → can_mention_group of team-leads".
 * `subject` is the person (for a group's own grants, null: the chain starts with the group).
 */
export function describeRoute(
  subject: string | null,
  route: Route,
  reference: string,
  groupName: (id: number) => string,
): string {
  const steps: string[] = subject === null ? [] : [subject];
  if (route.kind === 'direct') {
    steps.push(`named directly in ${reference}`);
    return steps.join(' → ');
  }
  route.path.forEach((id, i) => steps.push(i === 0 ? groupName(id) : `subgroup of ${groupName(id)}`));
  steps.push(reference);
  return steps.join(' → ');
}
