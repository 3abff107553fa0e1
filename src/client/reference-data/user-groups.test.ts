import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { UserGroup } from '../../shared/svc/user-groups';
import { userGroupListEventHandlers, userGroupListQueryOptions } from './user-groups';

const key = userGroupListQueryOptions().queryKey;
const group = (id: number, name: string, extra: Partial<UserGroup> = {}): UserGroup => ({
  id,
  name,
  description: '',
  members: [],
  direct_subgroup_ids: [],
  is_system_group: false,
  deactivated: false,
  ...extra,
});

function setup() {
  const client = new QueryClient();
  client.setQueryData(key, [group(9, 'design-team', { members: [4] }), group(11, 'team-leads')]);
  const send = (event: Record<string, unknown>) =>
    userGroupListEventHandlers.user_group!({ id: 1, type: 'user_group', ...event }, client);
  const get = (id: number) => client.getQueryData(key)!.find((g) => g.id === id);
  return { client, send, get };
}

describe('user_group events', () => {
  it('patch members and subgroups in place', () => {
    const { send, get } = setup();
    send({ op: 'add_members', group_id: 9, user_ids: [7, 5] });
    expect(get(9)!.members).toEqual([4, 5, 7]);
    send({ op: 'remove_members', group_id: 9, user_ids: [4] });
    expect(get(9)!.members).toEqual([5, 7]);
    send({ op: 'add_subgroups', group_id: 9, direct_subgroup_ids: [11] });
    expect(get(9)!.direct_subgroup_ids).toEqual([11]);
    send({ op: 'remove_subgroups', group_id: 9, direct_subgroup_ids: [11] });
    expect(get(9)!.direct_subgroup_ids).toEqual([]);
  });

  it('apply updates, mark removed groups deactivated, and take added (or reactivated) groups', () => {
    const { send, get, client } = setup();
    send({
      op: 'update',
      group_id: 9,
      data: { name: 'designers', can_mention_group: { direct_members: [1], direct_subgroups: [] } },
    });
    expect(get(9)).toMatchObject({
      name: 'designers',
      can_mention_group: { direct_members: [1], direct_subgroups: [] },
    });
    send({ op: 'remove', group_id: 11 });
    expect(get(11)!.deactivated).toBe(true);
    send({ op: 'add', group: group(11, 'team-leads', { members: [2] }) });
    expect(get(11)).toMatchObject({ deactivated: false, members: [2] });
    send({ op: 'add', group: group(20, 'new') });
    expect(client.getQueryData(key)!.map((g) => g.id)).toEqual([9, 11, 20]);
  });

  it('refetches what it cannot apply', () => {
    const { send, client } = setup();
    send({ op: 'add_members', group_id: 404, user_ids: [1] });
    expect(client.getQueryState(key)!.isInvalidated).toBe(true);
  });
});
