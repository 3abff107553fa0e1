import { describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/svc/channels';
import { groupDisplayName } from '../../shared/svc/group-settings';
import type { UserGroup } from '../../shared/svc/user-groups';
import {
  ancestorPaths,
  describeRoute,
  grantsForGroup,
  grantsForUser,
  holdersOf,
  parentIndex,
  permissionSources,
} from './grants';

const ADA = 101;
const BOB = 102;
const GUEST = 103;

const group = (id: number, name: string, extra: Partial<UserGroup> = {}): UserGroup => ({
  id,
  name,
  description: '',
  members: [],
  direct_subgroup_ids: [],
  is_system_group: name.startsWith('role:'),
  ...extra,
});

// design-team (9) ⊂ leadership (12); team-leads (11)'s mention permission names leadership.
const GROUPS: UserGroup[] = [
  group(1, 'role:administrators', { members: [BOB] }),
  group(6, 'role:everyone', { members: [GUEST], direct_subgroup_ids: [1] }),
  group(9, 'design-team', { members: [ADA], can_mention_group: 6 }),
  group(11, 'team-leads', { can_mention_group: 12, can_manage_group: { direct_members: [BOB], direct_subgroups: [] } }),
  group(12, 'leadership', { direct_subgroup_ids: [9], can_join_group: 6 }),
  group(13, 'old-committee', { deactivated: true, can_mention_group: 9 }),
];
const CHANNELS = [
  {
    stream_id: 5,
    name: 'general',
    description: '',
    invite_only: false,
    is_web_public: false,
    can_send_message_group: 6,
  },
  {
    stream_id: 7,
    name: 'old',
    description: '',
    invite_only: false,
    is_web_public: false,
    is_archived: true,
    can_send_message_group: 9,
  },
] as Channel[];
const REALM = {
  realm_can_create_groups: { direct_members: [], direct_subgroups: [12] },
  realm_waiting_period_threshold: 3,
  realm_name: 'Demo',
};

const sources = permissionSources(REALM, CHANNELS, GROUPS, groupDisplayName);
const name = (id: number) => groupDisplayName(GROUPS.find((g) => g.id === id)!);

describe('permissionSources', () => {
  it('lists realm group settings, live channels’ and active groups’ settings, nothing else', () => {
    const keys = sources.map((s) => s.key);
    expect(keys).toContain('realm:realm_can_create_groups');
    expect(keys).not.toContain('realm:realm_waiting_period_threshold');
    expect(keys).toContain('channel:5:can_send_message_group');
    // Archived channels and deactivated groups grant nothing.
    expect(keys.some((k) => k.startsWith('channel:7:'))).toBe(false);
    expect(keys.some((k) => k.startsWith('group:13:'))).toBe(false);
    expect(sources.find((s) => s.key === 'group:11:can_mention_group')).toMatchObject({
      reference: 'Who can mention this group (team-leads)',
      guestsExcluded: false,
    });
    expect(sources.find((s) => s.key === 'group:11:can_manage_group')?.guestsExcluded).toBe(true);
  });
});

describe('ancestorPaths', () => {
  it('walks up through parents breadth-first, keeping the shortest chain', () => {
    const parents = parentIndex([
      { id: 1, members: [], direct_subgroup_ids: [2, 3] },
      { id: 2, members: [], direct_subgroup_ids: [3] },
      { id: 3, members: [], direct_subgroup_ids: [] },
    ]);
    const paths = ancestorPaths([3], parents);
    expect(paths.get(3)).toEqual([3]);
    expect(paths.get(2)).toEqual([3, 2]);
    // 3 ⊂ 1 directly beats 3 ⊂ 2 ⊂ 1.
    expect(paths.get(1)).toEqual([3, 1]);
  });

  it('terminates on cycles', () => {
    const parents = parentIndex([
      { id: 1, members: [], direct_subgroup_ids: [2] },
      { id: 2, members: [], direct_subgroup_ids: [1] },
    ]);
    expect(ancestorPaths([1], parents)).toEqual(
      new Map([
        [1, [1]],
        [2, [1, 2]],
      ]),
    );
  });
});

describe('grantsForUser', () => {
  it('explains a grant through a subgroup chain', () => {
    const grants = grantsForUser(ADA, sources, GROUPS);
    const mention = grants.find((g) => g.source.key === 'group:11:can_mention_group')!;
    expect(mention.route).toEqual({ kind: 'groups', path: [9, 12] });
    expect(describeRoute('Ada', mention.route, mention.source.reference, name)).toBe(
      'Ada → design-team → subgroup of leadership → Who can mention this group (team-leads)',
    );
    expect(grants.map((g) => g.source.key)).toContain('realm:realm_can_create_groups');
    expect(grants.map((g) => g.source.key)).not.toContain('channel:5:can_send_message_group');
  });

  it('prefers being named directly, and finds grants through system groups', () => {
    const grants = grantsForUser(BOB, sources, GROUPS);
    const manage = grants.find((g) => g.source.key === 'group:11:can_manage_group')!;
    expect(manage.route).toEqual({ kind: 'direct' });
    expect(describeRoute('Bob', manage.route, manage.source.reference, name)).toBe(
      'Bob → named directly in Who can manage this group (team-leads)',
    );
    const post = grants.find((g) => g.source.key === 'channel:5:can_send_message_group')!;
    expect(describeRoute('Bob', post.route, post.source.reference, name)).toBe(
      'Bob → Administrators → subgroup of Everyone including guests → Who can post (#general)',
    );
  });

  it('leaves out, for guests, settings that may not be given to everyone', () => {
    const asGuest = grantsForUser(GUEST, sources, GROUPS, { isGuest: true }).map((g) => g.source.key);
    expect(asGuest).toContain('channel:5:can_send_message_group');
    expect(asGuest).not.toContain('group:12:can_join_group');
    expect(grantsForUser(GUEST, sources, GROUPS).map((g) => g.source.key)).toContain('group:12:can_join_group');
  });
});

describe('grantsForGroup', () => {
  it('lists what a group gets directly and as a subgroup, with the chain', () => {
    const grants = grantsForGroup(9, sources, GROUPS);
    const byKey = new Map(grants.map((g) => [g.source.key, g]));
    expect(byKey.get('group:11:can_mention_group')?.route).toEqual({ kind: 'groups', path: [9, 12] });
    expect(byKey.get('realm:realm_can_create_groups')?.route).toEqual({ kind: 'groups', path: [9, 12] });
    const g = byKey.get('group:11:can_mention_group')!;
    expect(describeRoute(null, g.route, g.source.reference, name)).toBe(
      'design-team → subgroup of leadership → Who can mention this group (team-leads)',
    );
    // Everyone does not contain design-team, so #general's posting permission is not granted to it.
    expect(byKey.has('channel:5:can_send_message_group')).toBe(false);
  });
});

describe('holdersOf', () => {
  it('lists everyone a value grants with the chain from their own group up', () => {
    const holders = holdersOf({ direct_members: [GUEST], direct_subgroups: [12] }, GROUPS);
    expect(holders.get(GUEST)).toEqual({ kind: 'direct' });
    expect(holders.get(ADA)).toEqual({ kind: 'groups', path: [9, 12] });
    expect(holders.has(BOB)).toBe(false);
    expect(holdersOf(6, GROUPS).get(BOB)).toEqual({ kind: 'groups', path: [1, 6] });
  });

  it('terminates on cycles', () => {
    const cyclic = [
      { id: 1, members: [7], direct_subgroup_ids: [2] },
      { id: 2, members: [8], direct_subgroup_ids: [1] },
    ];
    expect(holdersOf(1, cyclic)).toEqual(
      new Map([
        [7, { kind: 'groups', path: [1] }],
        [8, { kind: 'groups', path: [2, 1] }],
      ]),
    );
  });
});
