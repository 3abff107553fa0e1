import { beforeEach, describe, expect, it } from 'vitest';
import { svcOps } from '../../../shared/svc';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';
import { checkGroupSettingValue } from '../group-setting-checks';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

// Demo accounts and seeded groups have stable IDs.
const OWNER = 1;
const ADMIN = 2;
const MODERATOR = 3;
const MEMBER = 4;
const GUEST = 5;
const G = { owners: 1, admins: 2, moderators: 3, members: 5, everyone: 6, internet: 7, nobody: 8 } as const;
const DESIGN = 9;
const SUPPORT = 10;
const LEADS = 11;
const LEADERSHIP = 12;
const OFFSITE = 13;

const email = (who: string) => `${who}@demo.test`;

function call(method: 'GET' | 'POST' | 'PATCH', path: string, as: string, params: Record<string, unknown> = {}) {
  return callSim(sim, method, path, { as: email(as), params });
}

async function groups(include = true) {
  const { body } = await call('GET', '/user_groups', 'owner', { include_deactivated_groups: include });
  return body.user_groups as Record<string, unknown>[];
}

async function group(id: number) {
  return (await groups()).find((g) => g.id === id)!;
}

const error = (code: string, msg: string) => ({ result: 'error', code, msg });
const bad = (msg: string) => error('BAD_REQUEST', msg);
const lastEvents = (n: number) => sim.store.emitted.slice(-n);

describe('GET /user_groups', () => {
  it('lists active groups with every field, system groups by role; deactivated ones on request', async () => {
    const { status, body } = await call('GET', '/user_groups', 'member');
    expect(status).toBe(200);
    const list = body.user_groups as Record<string, unknown>[];
    expect(list.map((g) => g.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, DESIGN, SUPPORT, LEADS, LEADERSHIP]);
    expect(list[1]).toMatchObject({ name: 'role:administrators', members: [ADMIN], direct_subgroup_ids: [G.owners] });
    expect(list.find((g) => g.id === SUPPORT)).toEqual({
      id: SUPPORT,
      name: 'support-team',
      creator_id: ADMIN,
      date_created: Date.UTC(2018, 8, 17, 10) / 1000,
      description: 'Answers customer questions',
      members: [MODERATOR, GUEST],
      direct_subgroup_ids: [],
      is_system_group: false,
      can_add_members_group: { direct_members: [ADMIN], direct_subgroups: [] },
      can_join_group: G.members,
      can_leave_group: G.everyone,
      can_manage_group: { direct_members: [MODERATOR], direct_subgroups: [G.admins] },
      can_mention_group: G.everyone,
      can_remove_members_group: G.nobody,
      deactivated: false,
    });
    expect(svcOps.getUserGroups.response.safeParse(body).success).toBe(true);
    expect((await group(OFFSITE)).deactivated).toBe(true);
  });

  it('shows only the fields the level has', async () => {
    sim.control.setFeatureLevel(285);
    const g = await group(DESIGN);
    expect(g).toHaveProperty('can_manage_group');
    expect(g).toHaveProperty('can_mention_group');
    for (const absent of ['can_join_group', 'can_add_members_group', 'deactivated', 'creator_id', 'date_created']) {
      expect(g).not.toHaveProperty(absent);
    }
  });

  it('refuses guests and bots', async () => {
    expect((await call('GET', '/user_groups', 'guest')).body).toEqual(bad('Not allowed for guest users'));
    expect((await call('GET', '/user_groups', 'deploy-bot')).body).toEqual(
      bad('This endpoint does not accept bot requests.'),
    );
  });
});

describe('POST /user_groups/create', () => {
  const create = (params: Record<string, unknown>, as = 'member') =>
    call('POST', '/user_groups/create', as, { description: 'Docs people', members: [MEMBER], ...params });

  it('creates with the creator managing the group, announces it, and returns its ID (level 317)', async () => {
    const { status, body } = await create({ name: 'docs', subgroups: [DESIGN] });
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'success', msg: '', group_id: 14 });
    const [added, subgroups] = lastEvents(2);
    expect(added).toMatchObject({
      type: 'user_group',
      op: 'add',
      group: {
        id: 14,
        name: 'docs',
        members: [MEMBER],
        direct_subgroup_ids: [],
        creator_id: MEMBER,
        can_manage_group: { direct_members: [MEMBER], direct_subgroups: [] },
        can_join_group: G.nobody,
        deactivated: false,
      },
    });
    expect(subgroups).toEqual({ type: 'user_group', op: 'add_subgroups', group_id: 14, direct_subgroup_ids: [DESIGN] });
    sim.control.setFeatureLevel(316);
    expect((await create({ name: 'docs-2' })).body).toEqual({ result: 'success', msg: '' });
  });

  it('stores an ad-hoc set of one group as that group, and an empty one as role:nobody', async () => {
    await create({
      name: 'docs',
      can_join_group: { direct_members: [], direct_subgroups: [G.members] },
      can_leave_group: { direct_members: [], direct_subgroups: [] },
    });
    expect(await group(14)).toMatchObject({ can_join_group: G.members, can_leave_group: G.nobody });
  });

  it('refuses bad names, taken names, bad members and reserved prefixes with the server’s words', async () => {
    expect((await create({ name: ' ' })).body).toEqual(bad("User group name can't be empty!"));
    expect((await create({ name: 'x'.repeat(101) })).body).toEqual(
      bad('User group name cannot exceed 100 characters.'),
    );
    expect((await create({ name: 'role:staff' })).body).toEqual(bad("User group name cannot start with 'role:'."));
    expect((await create({ name: '@staff' })).body).toEqual(bad("User group name cannot start with '@'."));
    expect((await create({ name: 'design-team' })).body).toEqual(bad("User group 'design-team' already exists."));
    expect((await create({ name: 'role:owners' })).body).toEqual(bad("User group name cannot start with 'role:'."));
    expect((await create({ name: 'docs', members: [999] })).body).toEqual(bad('Invalid user ID: 999'));
    sim.store.user(MODERATOR)!.isActive = false;
    expect((await create({ name: 'docs', members: [MODERATOR] })).body).toEqual(bad(`Invalid user ID: ${MODERATOR}`));
  });

  it('refuses setting values the setting does not allow', async () => {
    expect((await create({ name: 'd', can_manage_group: G.everyone })).body).toEqual(
      bad("'can_manage_group' setting cannot be set to 'role:everyone' group."),
    );
    expect((await create({ name: 'd', can_manage_group: G.internet })).body).toEqual(
      bad("'can_manage_group' setting cannot be set to 'role:internet' group."),
    );
    expect((await create({ name: 'd', can_mention_group: G.owners })).body).toEqual(
      bad("'can_mention_group' setting cannot be set to 'role:owners' group."),
    );
    expect((await create({ name: 'd', can_leave_group: G.internet })).body).toEqual(
      bad("'can_leave_group' setting cannot be set to 'role:internet' group."),
    );
    expect((await create({ name: 'd', can_join_group: 99 })).body).toEqual(bad('Invalid user group.'));
    expect((await create({ name: 'd', can_join_group: OFFSITE })).body).toEqual(bad('User group is deactivated.'));
    const adHoc = (members: number[], subgroups: number[]) => ({
      direct_members: members,
      direct_subgroups: subgroups,
    });
    expect((await create({ name: 'd', can_join_group: adHoc([MEMBER], [99]) })).body).toEqual(
      bad('Invalid user group ID: 99'),
    );
    expect((await create({ name: 'd', can_join_group: adHoc([MEMBER], [OFFSITE]) })).body).toEqual(
      bad('User group is deactivated.'),
    );
    expect((await create({ name: 'd', can_join_group: adHoc([998], [DESIGN]) })).body).toEqual(
      bad('Invalid user ID: 998'),
    );
    expect((await create({ name: 'd', subgroups: [OFFSITE] })).body).toEqual(bad('User group is deactivated.'));
    expect((await create({ name: 'd', subgroups: [77] })).body).toEqual(bad('Invalid user group ID: 77'));
    expect((await groups()).length).toBe(13);
  });

  it('is for those in can_create_groups (members by default); never guests', async () => {
    sim.store.realmSettings.can_create_groups = 'role:administrators';
    expect((await create({ name: 'docs' })).body).toEqual(bad('Insufficient permission'));
    expect((await create({ name: 'docs' }, 'admin')).body).toMatchObject({ result: 'success' });
    expect((await create({ name: 'docs-2' }, 'guest')).body).toEqual(bad('Not allowed for guest users'));
  });
});

describe('PATCH /user_groups/{user_group_id}', () => {
  const patch = (id: number, params: Record<string, unknown>, as = 'admin') =>
    call('PATCH', `/user_groups/${id}`, as, params);

  it('renames and describes, announcing each change', async () => {
    const { body } = await patch(DESIGN, { name: 'design', description: 'Pixels' });
    expect(body).toEqual({ result: 'success', msg: '' });
    expect(lastEvents(2)).toEqual([
      { type: 'user_group', op: 'update', group_id: DESIGN, data: { name: 'design' } },
      { type: 'user_group', op: 'update', group_id: DESIGN, data: { description: 'Pixels' } },
    ]);
    expect((await patch(DESIGN, { name: 'support-team' })).body).toEqual(
      bad("User group 'support-team' already exists."),
    );
    expect((await patch(DESIGN, { name: 'role:x' })).body).toEqual(bad("User group name cannot start with 'role:'."));
  });

  it('refuses empty requests, unknown groups, system groups and people who may not manage the group', async () => {
    expect((await patch(DESIGN, {})).body).toEqual(bad('No new data supplied'));
    expect((await patch(99, { name: 'x' })).body).toEqual(bad('Invalid user group.'));
    expect((await patch(G.admins, { description: 'x' }, 'owner')).body).toEqual(bad('Insufficient permission'));
    // The member is in design-team but does not manage it; the owner manages every group.
    expect((await patch(DESIGN, { description: 'x' }, 'member')).body).toEqual(bad('Insufficient permission'));
    expect((await patch(DESIGN, { description: 'x' }, 'owner')).body).toMatchObject({ result: 'success' });
    // support-team is managed by an ad-hoc set: the moderator and the administrators.
    expect((await patch(SUPPORT, { description: 'x' }, 'moderator')).body).toMatchObject({ result: 'success' });
  });

  it('changes a setting when `old` matches, refuses a stale `old` with EXPECTATION_MISMATCH', async () => {
    const stale = await patch(SUPPORT, { can_join_group: { new: G.everyone - 1, old: G.nobody } });
    expect(stale.body).toEqual(error('EXPECTATION_MISMATCH', "'old' value does not match the expected value."));
    const adHocOld = { direct_members: [MODERATOR], direct_subgroups: [G.admins] };
    const ok = await patch(SUPPORT, {
      can_join_group: { new: G.moderators, old: G.members },
      // Same set, other order: still a match.
      can_manage_group: { new: { direct_members: [], direct_subgroups: [G.admins] }, old: adHocOld },
    });
    expect(ok.body).toEqual({ result: 'success', msg: '' });
    expect(lastEvents(2)).toEqual([
      { type: 'user_group', op: 'update', group_id: SUPPORT, data: { can_join_group: G.moderators } },
      { type: 'user_group', op: 'update', group_id: SUPPORT, data: { can_manage_group: G.admins } },
    ]);
    const before = sim.store.emitted.length;
    expect((await patch(SUPPORT, { can_join_group: { new: G.moderators } })).body).toMatchObject({ result: 'success' });
    expect(sim.store.emitted.length).toBe(before);
  });

  it('refuses values the setting does not allow, and deactivated groups as values', async () => {
    expect((await patch(DESIGN, { can_manage_group: { new: G.everyone } })).body).toEqual(
      bad("'can_manage_group' setting cannot be set to 'role:everyone' group."),
    );
    expect((await patch(DESIGN, { can_mention_group: { new: G.internet } })).body).toEqual(
      bad("'can_mention_group' setting cannot be set to 'role:internet' group."),
    );
    expect((await patch(DESIGN, { can_mention_group: { new: OFFSITE } })).body).toEqual(
      bad('User group is deactivated.'),
    );
    expect((await patch(DESIGN, { can_mention_group: { new: 99 } })).body).toEqual(bad('Invalid user group.'));
  });

  it('changes nothing and announces nothing when a later part is refused', async () => {
    const before = sim.store.emitted.length;
    const { body } = await patch(DESIGN, { name: 'renamed', can_manage_group: { new: G.internet } });
    expect(body.result).toBe('error');
    expect((await group(DESIGN)).name).toBe('design-team');
    expect(sim.store.emitted.length).toBe(before);
  });

  it('reactivates with deactivated=false from level 386; true does nothing; settings of a deactivated group are editable', async () => {
    expect((await patch(OFFSITE, { can_mention_group: { new: G.members } })).body).toMatchObject({ result: 'success' });
    expect((await patch(OFFSITE, { deactivated: true })).body).toMatchObject({ result: 'success' });
    sim.control.setFeatureLevel(385);
    expect((await patch(OFFSITE, { deactivated: false })).body).toEqual(bad('No new data supplied'));
    expect((await group(OFFSITE)).deactivated).toBe(true);
    sim.control.setFeatureLevel(386);
    expect((await patch(OFFSITE, { deactivated: false })).body).toEqual({ result: 'success', msg: '' });
    expect((await group(OFFSITE)).deactivated).toBe(false);
    expect(lastEvents(2)).toMatchObject([
      { type: 'user_group', op: 'update', group_id: OFFSITE, data: { deactivated: false } },
      { type: 'user_group', op: 'add', group: { id: OFFSITE, members: [ADMIN, MEMBER], deactivated: false } },
    ]);
  });
});

describe('POST /user_groups/{user_group_id}/members', () => {
  const members = (id: number, params: Record<string, unknown>, as = 'admin') =>
    call('POST', `/user_groups/${id}/members`, as, params);

  it('adds and removes members, announcing each', async () => {
    expect((await members(DESIGN, { add: [MODERATOR], delete: [MEMBER] })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect(lastEvents(2)).toEqual([
      { type: 'user_group', op: 'add_members', group_id: DESIGN, user_ids: [MODERATOR] },
      { type: 'user_group', op: 'remove_members', group_id: DESIGN, user_ids: [MEMBER] },
    ]);
    expect((await group(DESIGN)).members).toEqual([MODERATOR]);
  });

  it('refuses members already there, non-members, unknown users, and empty requests', async () => {
    expect((await members(DESIGN, { add: [MEMBER] })).body).toEqual(
      bad(`User ${MEMBER} is already a member of this group`),
    );
    expect((await members(DESIGN, { delete: [OWNER] })).body).toEqual(
      bad(`There is no member '${OWNER}' in this user group`),
    );
    expect((await members(DESIGN, { add: [999] })).body).toEqual(bad('Invalid user ID: 999'));
    expect((await members(DESIGN, {})).body).toEqual(
      bad('Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".'),
    );
    sim.control.setFeatureLevel(310);
    expect((await members(DESIGN, { add_subgroups: [LEADS] })).body).toEqual(
      bad('Nothing to do. Specify at least one of "add" or "delete".'),
    );
  });

  it('undoes the whole request when a later part is refused', async () => {
    const before = sim.store.emitted.length;
    expect((await members(DESIGN, { add: [OWNER], delete: [ADMIN] })).body.result).toBe('error');
    expect((await group(DESIGN)).members).toEqual([MEMBER]);
    expect(sim.store.emitted.length).toBe(before);
  });

  it('lets people join and leave by can_join_group / can_leave_group, and no one else in', async () => {
    // support-team: members may join, everyone may leave.
    expect((await members(SUPPORT, { add: [MEMBER] }, 'member')).body).toMatchObject({ result: 'success' });
    expect((await members(SUPPORT, { delete: [MEMBER] }, 'member')).body).toMatchObject({ result: 'success' });
    expect((await members(SUPPORT, { add: [OWNER] }, 'member')).body).toEqual(bad('Insufficient permission'));
    // leadership: nobody may leave; the member cannot join design-team's owner-managed peers either.
    expect((await members(LEADS, { delete: [MEMBER] }, 'member')).body).toMatchObject({ result: 'success' });
    expect((await members(LEADERSHIP, { add: [MEMBER] }, 'member')).body).toEqual(bad('Insufficient permission'));
  });

  it('edits a deactivated group’s membership only from level 391', async () => {
    sim.control.setFeatureLevel(390);
    expect((await members(OFFSITE, { add: [OWNER] })).body).toEqual(bad('User group is deactivated.'));
    sim.control.setFeatureLevel(391);
    expect((await members(OFFSITE, { add: [OWNER] })).body).toMatchObject({ result: 'success' });
  });

  it('refuses changes to system groups', async () => {
    expect((await members(G.admins, { add: [MEMBER] }, 'owner')).body).toEqual(bad('Insufficient permission'));
  });
});

describe('POST /user_groups/{user_group_id}/subgroups', () => {
  const subgroups = (id: number, params: Record<string, unknown>, as = 'owner') =>
    call('POST', `/user_groups/${id}/subgroups`, as, params);

  it('adds and removes subgroups, announcing each', async () => {
    expect((await subgroups(LEADERSHIP, { add: [DESIGN], delete: [LEADS] })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect(lastEvents(2)).toEqual([
      { type: 'user_group', op: 'add_subgroups', group_id: LEADERSHIP, direct_subgroup_ids: [DESIGN] },
      { type: 'user_group', op: 'remove_subgroups', group_id: LEADERSHIP, direct_subgroup_ids: [LEADS] },
    ]);
    expect((await group(LEADERSHIP)).direct_subgroup_ids).toEqual([DESIGN]);
  });

  it('refuses cycles, duplicates, non-subgroups, unknown and deactivated subgroups, empty requests', async () => {
    expect((await subgroups(LEADS, { add: [LEADERSHIP] })).body).toEqual(
      bad(`User group ${LEADS} is already a subgroup of one of the passed subgroups.`),
    );
    expect((await subgroups(LEADS, { add: [LEADS] })).body).toEqual(
      bad(`User group ${LEADS} is already a subgroup of one of the passed subgroups.`),
    );
    expect((await subgroups(LEADERSHIP, { add: [LEADS] })).body).toEqual(
      bad(`User group ${LEADS} is already a subgroup of this group.`),
    );
    expect((await subgroups(LEADERSHIP, { delete: [DESIGN] })).body).toEqual(
      bad(`User group ${DESIGN} is not a subgroup of this group.`),
    );
    expect((await subgroups(LEADERSHIP, { add: [99] })).body).toEqual(bad('Invalid user group ID: 99'));
    expect((await subgroups(LEADERSHIP, { add: [OFFSITE] })).body).toEqual(bad('User group is deactivated.'));
    expect((await subgroups(LEADERSHIP, {})).body).toEqual(
      bad('Nothing to do. Specify at least one of "add" or "delete".'),
    );
    expect((await subgroups(LEADERSHIP, { add: [DESIGN] }, 'member')).body).toEqual(bad('Insufficient permission'));
  });

  it('edits a deactivated group’s subgroups only from level 391', async () => {
    sim.control.setFeatureLevel(390);
    expect((await subgroups(OFFSITE, { add: [DESIGN] })).body).toEqual(bad('User group is deactivated.'));
    sim.control.setFeatureLevel(391);
    expect((await subgroups(OFFSITE, { add: [DESIGN] })).body).toMatchObject({ result: 'success' });
  });
});

describe('POST /user_groups/{user_group_id}/deactivate', () => {
  const deactivate = (id: number, as = 'owner') => call('POST', `/user_groups/${id}/deactivate`, as);

  it('deactivates, announcing an update and a remove', async () => {
    expect((await deactivate(DESIGN)).body).toEqual({ result: 'success', msg: '' });
    expect(lastEvents(2)).toEqual([
      { type: 'user_group', op: 'update', group_id: DESIGN, data: { deactivated: true } },
      { type: 'user_group', op: 'remove', group_id: DESIGN },
    ]);
    expect((await groups(false)).some((g) => g.id === DESIGN)).toBe(false);
    expect((await deactivate(DESIGN)).body).toEqual(bad('User group is deactivated.'));
  });

  it('refuses a group still in use, naming every use', async () => {
    const channel = sim.store.channels.find((c) => !c.isArchived)!;
    channel.permissions.can_send_message_group = { direct_members: [OWNER], direct_subgroups: [LEADS] };
    sim.store.userGroup(DESIGN)!.permissions.can_join_group = LEADS;
    sim.store.realmSettings.can_create_groups = LEADS;
    const { status, body } = await deactivate(LEADS);
    expect(status).toBe(400);
    expect(body).toEqual({
      ...error('CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.'),
      objections: [
        { type: 'subgroup', supergroup_ids: [LEADERSHIP] },
        { type: 'channel', channel_id: channel.stream_id, settings: ['can_send_message_group'] },
        { type: 'user_group', group_id: DESIGN, settings: ['can_join_group'] },
        { type: 'realm', settings: ['can_create_groups'] },
      ],
    });
    sim.control.setFeatureLevel(297);
    expect((await deactivate(LEADS)).body).toEqual(bad('Cannot deactivate user group in use.'));
  });

  it('refuses system groups, unknown groups and non-managers; does not exist before level 290', async () => {
    expect((await deactivate(G.moderators)).body).toEqual(bad('Insufficient permission'));
    expect((await deactivate(99)).body).toEqual(bad('Invalid user group.'));
    expect((await deactivate(DESIGN, 'member')).body).toEqual(bad('Insufficient permission'));
    sim.control.setFeatureLevel(289);
    const { status, body } = await deactivate(DESIGN);
    expect(status).toBe(404);
    expect(body).toEqual(bad('Endpoint does not exist.'));
  });
});

describe('membership reads', () => {
  it('lists members and subgroups, recursively unless asked for direct ones only', async () => {
    const get = (path: string, params: Record<string, unknown> = {}) => call('GET', path, 'member', params);
    expect((await get(`/user_groups/${LEADERSHIP}/members`)).body.members).toEqual([OWNER, MODERATOR, MEMBER]);
    expect((await get(`/user_groups/${LEADERSHIP}/members`, { direct_member_only: true })).body.members).toEqual([
      OWNER,
    ]);
    expect((await get(`/user_groups/${G.moderators}/subgroups`)).body.subgroups).toEqual([G.owners, G.admins]);
    expect(
      (await get(`/user_groups/${G.moderators}/subgroups`, { direct_subgroup_only: true })).body.subgroups,
    ).toEqual([G.admins]);
    expect((await get(`/user_groups/${LEADERSHIP}/members/${MEMBER}`)).body.is_user_group_member).toBe(true);
    expect(
      (await get(`/user_groups/${LEADERSHIP}/members/${MEMBER}`, { direct_member_only: true })).body
        .is_user_group_member,
    ).toBe(false);
    expect((await get(`/user_groups/${LEADERSHIP}/members/999`)).body).toEqual(bad('No such user'));
    sim.store.user(MODERATOR)!.isActive = false;
    expect((await get(`/user_groups/${LEADERSHIP}/members/${MODERATOR}`)).body).toEqual(bad('User is deactivated'));
    expect((await get(`/user_groups/${OFFSITE}/members`)).body).toEqual(bad('User group is deactivated.'));
    expect((await get(`/user_groups/99/subgroups`)).body).toEqual(bad('Invalid user group.'));
    expect((await call('GET', `/user_groups/${DESIGN}/members`, 'guest')).body).toEqual(
      bad('Not allowed for guest users'),
    );
    sim.control.setFeatureLevel(126);
    expect((await get(`/user_groups/${LEADERSHIP}/members`)).status).toBe(404);
  });
});

describe('checkGroupSettingValue', () => {
  it('keeps the old two-argument form for channel settings (no system-group restrictions)', () => {
    expect(checkGroupSettingValue(sim.store, G.everyone)).toBe(G.everyone);
    expect(checkGroupSettingValue(sim.store, { direct_members: [], direct_subgroups: [] })).toBe(G.nobody);
    expect(checkGroupSettingValue(sim.store, { direct_members: [OWNER, OWNER], direct_subgroups: [DESIGN] })).toEqual({
      direct_members: [OWNER],
      direct_subgroups: [DESIGN],
    });
    expect(() => checkGroupSettingValue(sim.store, OFFSITE)).toThrow('User group is deactivated.');
  });
});
