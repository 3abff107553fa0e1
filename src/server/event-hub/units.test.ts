import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';
import { formatStreamId, parseStreamId } from './messages';
import { Outbox } from './outbox';
import { ReplayBuffer } from './replay-buffer';
import { ownUserChangeOf } from './session-queue';

describe('backoffDelay', () => {
  const policy = { initialMs: 500, maxMs: 30_000 };
  it('doubles from the initial delay up to the cap, with half of it jittered', () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(250);
    expect(backoffDelay(1, policy, () => 1)).toBe(500);
    expect(backoffDelay(3, policy, () => 1)).toBe(2_000);
    expect(backoffDelay(20, policy, () => 1)).toBe(30_000);
    expect(backoffDelay(20, policy, () => 0)).toBe(15_000);
  });
});

describe('ReplayBuffer', () => {
  const entry = (seq: number) => ({ seq });
  it('replays what came after a position it still holds', () => {
    const b = new ReplayBuffer<{ seq: number }>(3);
    expect(b.since(0)).toEqual([]);
    for (let i = 1; i <= 5; i++) b.push(entry(i));
    expect(b.lastSeq).toBe(5);
    expect(b.length).toBe(3);
    expect(b.since(5)).toEqual([]);
    expect(b.since(4)).toEqual([entry(5)]);
    expect(b.since(2)).toEqual([entry(3), entry(4), entry(5)]);
  });
  it('answers null when entries were dropped or the position is in the future', () => {
    const b = new ReplayBuffer<{ seq: number }>(3);
    for (let i = 1; i <= 5; i++) b.push(entry(i));
    expect(b.since(1)).toBeNull();
    expect(b.since(6)).toBeNull();
    expect(new ReplayBuffer(2).since(3)).toBeNull();
  });
  it('refuses a broken sequence', () => {
    const b = new ReplayBuffer<{ seq: number }>(3);
    b.push(entry(1));
    expect(() => b.push(entry(3))).toThrow(RangeError);
  });
});

describe('stream ids', () => {
  it('round-trip generation and seq; anything else is unreadable', () => {
    expect(parseStreamId(formatStreamId('aB-_9', 42))).toEqual({ generation: 'aB-_9', seq: 42 });
    expect(parseStreamId('42')).toBeNull();
    expect(parseStreamId('x:')).toBeNull();
    expect(parseStreamId(':1')).toBeNull();
    expect(parseStreamId('x:-1')).toBeNull();
  });
});

describe('Outbox', () => {
  it('hands items over in order, ticks when idle, and ends on close', async () => {
    const box = new Outbox<number>(10);
    box.push(1);
    box.push(2);
    expect(await box.next(1_000)).toBe(1);
    expect(await box.next(1_000)).toBe(2);
    expect(await box.next(5)).toBe('keepalive');
    const waiting = box.next(1_000);
    box.push(3);
    expect(await waiting).toBe(3);
    const pending = box.next(1_000);
    box.close();
    expect(await pending).toBeNull();
    box.push(4);
    expect(await box.next(1_000)).toBeNull();
  });
  it('cuts off a reader that falls too far behind', async () => {
    const box = new Outbox<number>(2);
    box.push(1);
    box.push(2);
    box.push(3);
    expect(box.overflowed).toBe(true);
    expect(await box.next(1_000)).toBeNull();
  });
});

describe('ownUserChangeOf', () => {
  const me = 11;
  const event = (op: string, person: Record<string, unknown>) => ({ id: 1, type: 'realm_user', op, person });
  it('reads a role change, a deactivation (either spelling) and nothing else, for the own user only', () => {
    expect(ownUserChangeOf(event('update', { user_id: me, role: 400 }), me)).toEqual({ kind: 'role', role: 400 });
    expect(ownUserChangeOf(event('update', { user_id: me, is_active: false }), me)).toEqual({ kind: 'deactivated' });
    expect(ownUserChangeOf(event('remove', { user_id: me }), me)).toEqual({ kind: 'deactivated' });
    expect(ownUserChangeOf(event('update', { user_id: me, full_name: 'X' }), me)).toBeNull();
    expect(ownUserChangeOf(event('update', { user_id: me, role: '100' }), me)).toBeNull();
    expect(ownUserChangeOf(event('update', { user_id: 12, role: 100 }), me)).toBeNull();
    expect(ownUserChangeOf({ id: 2, type: 'user_status', user_id: me }, me)).toBeNull();
  });
});
