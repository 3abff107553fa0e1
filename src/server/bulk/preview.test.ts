import { describe, expect, it } from 'vitest';
import { planAction, planUndo, type SnapshotUser } from './preview';
import type { BulkRunRow } from '../../shared/bff/bulk';

function user(user_id: number, role: number, extra: Partial<SnapshotUser> = {}): SnapshotUser {
  return { user_id, full_name: `U${user_id}`, email: `u${user_id}@x`, role, is_active: true, is_bot: false, ...extra };
}
const users = new Map(
  [
    user(1, 100),
    user(2, 100),
    user(3, 200),
    user(4, 400),
    user(5, 100, { is_active: false }),
    user(6, 400, { is_bot: true, bot_owner_id: 3 }),
  ].map((u) => [u.user_id, u] as const),
);

describe('planAction', () => {
  it('keeps one active owner: of two selected owners, one is skipped as the last owner', () => {
    const plan = planAction(
      { actor: { userId: 9, role: 100 }, users },
      { kind: 'deactivate', comment: null },
      [1, 2, 4],
    );
    expect(plan.affected.map((r) => r.user.userId)).toEqual([1, 4]);
    expect(plan.skipped.map((s) => [s.userId, s.reason])).toEqual([[2, 'last_owner']]);
  });

  it('an owner acting is skipped as yourself, so the other owner may go', () => {
    const plan = planAction({ actor: { userId: 1, role: 100 }, users }, { kind: 'deactivate', comment: null }, [1, 2]);
    expect(plan.affected.map((r) => r.user.userId)).toEqual([2]);
    expect(plan.skipped.map((s) => s.reason)).toEqual(['self']);
  });

  it('an administrator cannot act on owners, but may act on a bot they own', () => {
    const plan = planAction(
      { actor: { userId: 3, role: 200 }, users },
      { kind: 'change_role', role: 300 },
      [1, 5, 6, 4],
    );
    expect(plan.skipped.map((s) => [s.userId, s.reason])).toEqual([
      [1, 'no_permission'],
      [5, 'no_permission'],
    ]);
    expect(plan.affected.map((r) => [r.user.userId, r.step])).toEqual([
      [6, { op: 'set_role', role: 300, previousRole: 400 }],
      [4, { op: 'set_role', role: 300, previousRole: 400 }],
    ]);
  });

  it('channel actions skip deactivated users and those with nothing to change', () => {
    const subscribers = new Map([['design', new Set([4])]]);
    const ctx = { actor: { userId: 3, role: 200 }, users, subscribers };
    const add = planAction(ctx, { kind: 'add_channels', channelIds: [1] }, [4, 5, 2]);
    expect(add.affected.map((r) => [r.user.userId, r.step])).toEqual([[2, { op: 'subscribe', channels: ['design'] }]]);
    expect(add.skipped.map((s) => s.reason)).toEqual(['already_in_channels', 'deactivated']);
    const remove = planAction(ctx, { kind: 'remove_channels', channelIds: [1] }, [4, 2]);
    expect(remove.affected.map((r) => r.user.userId)).toEqual([4]);
    expect(remove.skipped.map((s) => s.reason)).toEqual(['not_in_channels']);
  });
});

describe('planUndo', () => {
  const row = (
    userId: number,
    status: BulkRunRow['status'],
    role: number,
    previousRole: number | null,
  ): BulkRunRow => ({
    userId,
    name: `U${userId}`,
    email: '',
    role,
    status,
    reason: null,
    msg: null,
    code: null,
    previousRole,
    changedChannels: null,
  });

  it('restores roles of succeeded rows only, skipping users changed since', () => {
    const now = new Map([
      [4, user(4, 300)],
      [7, user(7, 600)],
      [8, user(8, 300)],
    ]);
    const rows = [row(4, 'done', 300, 400), row(7, 'done', 300, 400), row(8, 'failed', 400, null)];
    const plan = planUndo({ actor: { userId: 3, role: 200 }, users: now }, 'change_role', rows)!;
    expect(plan.kind).toBe('restore_roles');
    expect(plan.affected.map((r) => [r.user.userId, r.step])).toEqual([
      [4, { op: 'set_role', role: 400, previousRole: 300 }],
    ]);
    expect(plan.skipped.map((s) => [s.userId, s.reason])).toEqual([[7, 'changed_since']]);
  });
});
