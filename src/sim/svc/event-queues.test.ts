import { afterEach, describe, expect, it, vi } from 'vitest';
import { svcOps } from '../../shared/svc';
import {
  basicAuthHeader,
  callSim,
  createSvcSimulator,
  EMAIL_VISIBILITY,
  SIM_ORIGIN,
  type SimCallResult,
  type SvcEvent,
  type SvcSimOptions,
  type SvcSimulator,
} from '.';

const sims: SvcSimulator[] = [];
afterEach(() => {
  for (const sim of sims.splice(0)) sim.close();
  vi.useRealTimers();
});

function newSim(options: SvcSimOptions = {}): SvcSimulator {
  const sim = createSvcSimulator({ generatedUsers: 20, ...options });
  sims.push(sim);
  return sim;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function idOf(sim: SvcSimulator, email: string): number {
  const user = sim.store.userByDeliveryEmail(email);
  if (!user) throw new Error(`no ${email}`);
  return user.user_id;
}

async function openQueue(sim: SvcSimulator, as = 'admin@demo.test', params: Record<string, unknown> = {}) {
  const { status, body } = await callSim(sim, 'POST', '/register', {
    as,
    params: { fetch_event_types: [], ...params },
  });
  expect(status).toBe(200);
  return body.queue_id as string;
}

function poll(sim: SvcSimulator, queueId: string, params: Record<string, unknown> = {}, as = 'admin@demo.test') {
  return callSim(sim, 'GET', '/events', { as, params: { queue_id: queueId, ...params } });
}

async function drain(sim: SvcSimulator, queueId: string, as = 'admin@demo.test') {
  const { status, body } = await poll(sim, queueId, { dont_block: true }, as);
  expect(status).toBe(200);
  return body.events as Record<string, unknown>[];
}

/** Watches a promise without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T } = { settled: false };
  void promise.then((value) => {
    state.settled = true;
    state.value = value;
  });
  return state;
}

function rename(sim: SvcSimulator, email: string, fullName: string) {
  return callSim(sim, 'PATCH', `/users/${idOf(sim, email)}`, {
    as: 'admin@demo.test',
    params: { full_name: fullName },
  });
}

const badQueue = (id: string) => ({
  result: 'error',
  code: 'BAD_EVENT_QUEUE_ID',
  msg: `Bad event queue ID: ${id}`,
  queue_id: id,
});

describe('GET /events', () => {
  it('long-polls: answers as soon as an event arrives, and not before', async () => {
    const sim = newSim();
    const queueId = await openQueue(sim);
    const pending = track(poll(sim, queueId));
    await sleep(30);
    expect(pending.settled).toBe(false);
    expect(sim.control.queueCount()).toBe(1);

    await rename(sim, 'member@demo.test', 'Mia Renamed');
    await vi.waitFor(() => expect(pending.settled).toBe(true));
    const result = pending.value as SimCallResult;
    expect(result.status).toBe(200);
    expect(svcOps.getEvents.response.safeParse(result.body).success).toBe(true);
    expect(result.body).toEqual({
      result: 'success',
      msg: '',
      events: [
        {
          type: 'realm_user',
          op: 'update',
          person: { user_id: idOf(sim, 'member@demo.test'), full_name: 'Mia Renamed' },
          id: 0,
        },
      ],
    });
  });

  it('delivers events emitted together in one answer', async () => {
    const sim = newSim();
    const ownerQueue = await openQueue(sim, 'owner@demo.test');
    const pending = poll(sim, ownerQueue, {}, 'owner@demo.test');
    await sleep(5);
    // Deactivating a person stops their bots too: several events from one request.
    const adminId = idOf(sim, 'admin@demo.test');
    const bots = sim.store.users.filter((u) => u.isBot && u.botOwnerId === adminId).length;
    expect(bots).toBeGreaterThan(0);
    await callSim(sim, 'DELETE', `/users/${adminId}`, { as: 'owner@demo.test' });
    const events = (await pending).body.events as Record<string, unknown>[];
    expect(events.map((e) => e.id)).toEqual([...Array(1 + bots).keys()]);
    expect(events[0]).toMatchObject({
      type: 'realm_user',
      op: 'update',
      person: { user_id: adminId, is_active: false },
    });
  });

  it('keeps events until acknowledged with last_event_id', async () => {
    const sim = newSim();
    const queueId = await openQueue(sim);
    await rename(sim, 'member@demo.test', 'One');
    await rename(sim, 'member@demo.test', 'Two');

    const first = await poll(sim, queueId, { last_event_id: -1 });
    expect((first.body.events as { id: number }[]).map((e) => e.id)).toEqual([0, 1]);
    // Not acknowledged yet: asked again, the same events come back.
    expect((await drain(sim, queueId)).map((e) => e.id)).toEqual([0, 1]);

    const second = await poll(sim, queueId, { last_event_id: 0, dont_block: true });
    expect(second.body.events).toEqual([
      expect.objectContaining({ id: 1, person: expect.objectContaining({ full_name: 'Two' }) }),
    ]);
    const third = await poll(sim, queueId, { last_event_id: 1, dont_block: true });
    expect(third.body.events).toEqual([]);

    await rename(sim, 'member@demo.test', 'Three');
    expect((await poll(sim, queueId, { last_event_id: 1 })).body.events).toEqual([expect.objectContaining({ id: 2 })]);
  });

  it('answers at once with dont_block, possibly with nothing', async () => {
    const sim = newSim();
    const queueId = await openQueue(sim);
    // A poll that waited would end with a heartbeat event (or not before the test times out), not with nothing.
    const { status, body } = await poll(sim, queueId, { dont_block: true });
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'success', msg: '', events: [] });
  });

  it('answers with a heartbeat after the heartbeat interval', async () => {
    const sim = newSim({ heartbeatSeconds: 0.05 });
    const queueId = await openQueue(sim);
    const started = performance.now();
    const { body } = await poll(sim, queueId);
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
    expect(body.events).toEqual([{ type: 'heartbeat', id: 0 }]);
    // A heartbeat is an event like any other: numbered, and kept until acknowledged.
    expect(await drain(sim, queueId)).toEqual([{ type: 'heartbeat', id: 0 }]);
    expect((await poll(sim, queueId, { last_event_id: 0 })).body.events).toEqual([{ type: 'heartbeat', id: 1 }]);
  });

  it('applies a new heartbeat interval to a poll already waiting', async () => {
    const sim = newSim();
    const queueId = await openQueue(sim);
    const pending = track(poll(sim, queueId));
    await sleep(20);
    expect(pending.settled).toBe(false);
    sim.control.setHeartbeatSeconds(0.01);
    await vi.waitFor(() => expect(pending.settled).toBe(true));
    expect(pending.value?.body.events).toEqual([{ type: 'heartbeat', id: 0 }]);
    expect(() => sim.control.setHeartbeatSeconds(0)).toThrow(RangeError);
  });

  it('lets a newer poll supersede an older one on the same queue', async () => {
    const sim = newSim();
    const queueId = await openQueue(sim);
    const older = track(poll(sim, queueId));
    await sleep(5);
    const newer = track(poll(sim, queueId));
    await vi.waitFor(() => expect(older.settled).toBe(true));
    expect(older.value?.body.events).toEqual([]);
    expect(newer.settled).toBe(false);
    await rename(sim, 'member@demo.test', 'Again');
    await vi.waitFor(() => expect(newer.settled).toBe(true));
    expect(newer.value?.body.events).toHaveLength(1);
  });

  it('ends a poll whose client hangs up', async () => {
    const sim = newSim({ queueIdleSeconds: 60 });
    const queueId = await openQueue(sim);
    const abort = new AbortController();
    const request = new Request(`${SIM_ORIGIN}/api/v1/events?queue_id=${queueId}`, {
      headers: { authorization: basicAuthHeader('admin@demo.test', sim.apiKeyOf('admin@demo.test')) },
      signal: abort.signal,
    });
    const response = track(sim.fetch(request));
    await sleep(5);
    // While a poll is in flight the queue never idles out.
    sim.control.advance(120_000);
    expect(sim.control.queueCount()).toBe(1);
    abort.abort();
    await vi.waitFor(() => expect(response.settled).toBe(true));
    // Once nobody polls, idle time counts from the end of the last poll.
    sim.control.advance(59_000);
    expect(sim.control.queueCount()).toBe(1);
    sim.control.advance(1_000);
    expect(sim.control.queueCount()).toBe(0);
  });
});

describe('BAD_EVENT_QUEUE_ID', () => {
  it('answers for an unknown queue', async () => {
    const sim = newSim();
    const { status, body } = await poll(sim, 'no-such-queue');
    expect(status).toBe(400);
    expect(body).toEqual(badQueue('no-such-queue'));
  });

  it('answers after the queues were expired, including a poll already waiting', async () => {
    const sim = newSim();
    const queueId = await openQueue(sim);
    const other = await openQueue(sim, 'member@demo.test');
    const pending = poll(sim, queueId);
    await sleep(5);
    expect(sim.control.expireQueues()).toBe(2);
    expect(await pending).toMatchObject({ status: 400, body: badQueue(queueId) });
    expect((await poll(sim, other, {}, 'member@demo.test')).body).toEqual(badQueue(other));
    expect(sim.control.queueCount()).toBe(0);
  });

  it('answers after DELETE /events', async () => {
    const sim = newSim();
    const queueId = await openQueue(sim);
    const deleted = await callSim(sim, 'DELETE', '/events', { as: 'admin@demo.test', params: { queue_id: queueId } });
    expect(deleted).toMatchObject({ status: 200, body: { result: 'success', msg: '' } });
    expect((await poll(sim, queueId, { dont_block: true })).body).toEqual(badQueue(queueId));
    const again = await callSim(sim, 'DELETE', '/events', { as: 'admin@demo.test', params: { queue_id: queueId } });
    expect(again).toMatchObject({ status: 400, body: badQueue(queueId) });
    expect(sim.control.queueCount()).toBe(0);
  });

  it("answers for another user's queue, which stays intact for its owner", async () => {
    const sim = newSim();
    const queueId = await openQueue(sim, 'member@demo.test');
    expect((await poll(sim, queueId, { dont_block: true }, 'admin@demo.test')).body).toEqual(badQueue(queueId));
    const deleted = await callSim(sim, 'DELETE', '/events', { as: 'admin@demo.test', params: { queue_id: queueId } });
    expect(deleted.body).toEqual(badQueue(queueId));
    expect((await poll(sim, queueId, { dont_block: true }, 'member@demo.test')).status).toBe(200);
  });

  it('answers once a queue has been idle for queueIdleSeconds of sim time', async () => {
    const sim = newSim();
    const queueId = await openQueue(sim);
    sim.control.advance(599_000);
    expect((await poll(sim, queueId, { dont_block: true })).status).toBe(200);
    // That poll was activity: the idle time starts again.
    sim.control.advance(599_000);
    expect(sim.control.queueCount()).toBe(1);
    sim.control.advance(1_000);
    expect((await poll(sim, queueId, { dont_block: true })).body).toEqual(badQueue(queueId));
  });

  it('expires idle queues from a timer too, which stops once no queue is left', async () => {
    vi.useFakeTimers();
    const sim = newSim({ queueIdleSeconds: 120 });
    await openQueue(sim);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(119_000);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    // The sweep removed the queue and, with nothing left to watch, cleared itself.
    expect(vi.getTimerCount()).toBe(0);
    expect(sim.control.queueCount()).toBe(0);
  });
});

describe('delivery', () => {
  it('delivers only the types a queue registered for (heartbeats always)', async () => {
    const sim = newSim();
    const statusOnly = await openQueue(sim, 'admin@demo.test', { event_types: ['user_status'] });
    const usersOnly = await openQueue(sim, 'admin@demo.test', { event_types: ['realm_user'] });
    const everything = await openQueue(sim);
    const memberId = idOf(sim, 'member@demo.test');
    await callSim(sim, 'POST', `/users/${memberId}/status`, {
      as: 'admin@demo.test',
      params: { status_text: 'Out', emoji_name: 'car' },
    });
    await rename(sim, 'member@demo.test', 'Renamed');

    expect(await drain(sim, statusOnly)).toEqual([
      {
        type: 'user_status',
        user_id: memberId,
        status_text: 'Out',
        emoji_name: 'car',
        emoji_code: '1f697',
        reaction_type: 'unicode_emoji',
        id: 0,
      },
    ]);
    expect((await drain(sim, usersOnly)).map((e) => [e.type, e.id])).toEqual([['realm_user', 0]]);
    expect((await drain(sim, everything)).map((e) => [e.type, e.id])).toEqual([
      ['user_status', 0],
      ['realm_user', 1],
    ]);

    sim.control.setHeartbeatSeconds(0.01);
    expect((await poll(sim, statusOnly, { last_event_id: 0 })).body.events).toEqual([{ type: 'heartbeat', id: 1 }]);
  });

  it('announces role changes and deactivation as updates from level 222', async () => {
    const sim = newSim();
    const queueId = await openQueue(sim);
    const guestId = idOf(sim, 'guest@demo.test');
    await callSim(sim, 'PATCH', `/users/${guestId}`, { as: 'admin@demo.test', params: { role: 400 } });
    await callSim(sim, 'DELETE', `/users/${guestId}`, { as: 'admin@demo.test' });
    await callSim(sim, 'POST', `/users/${guestId}/reactivate`, { as: 'admin@demo.test' });
    expect(await drain(sim, queueId)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: guestId, role: 400 }, id: 0 },
      { type: 'realm_user', op: 'update', person: { user_id: guestId, is_active: false }, id: 1 },
      { type: 'realm_user', op: 'update', person: { user_id: guestId, is_active: true }, id: 2 },
    ]);
  });

  it('before level 222 removes and re-adds, the re-added record shaped for each recipient', async () => {
    const sim = newSim({ featureLevel: 221 });
    const target = sim.store.users.find(
      (u) => !u.isBot && u.isActive && u.role === 400 && u.emailAddressVisibility === EMAIL_VISIBILITY.admins,
    );
    if (!target) throw new Error('demo realm lacks a member with admins-only email visibility');
    const adminQueue = await openQueue(sim, 'admin@demo.test');
    const memberQueue = await openQueue(sim, 'member@demo.test');
    await callSim(sim, 'DELETE', `/users/${target.user_id}`, { as: 'admin@demo.test' });
    await callSim(sim, 'POST', `/users/${target.user_id}/reactivate`, { as: 'admin@demo.test' });

    const [removed, addedForAdmin] = await drain(sim, adminQueue);
    expect(removed).toEqual({
      type: 'realm_user',
      op: 'remove',
      person: { user_id: target.user_id, full_name: target.fullName },
      id: 0,
    });
    expect(addedForAdmin).toMatchObject({
      type: 'realm_user',
      op: 'add',
      id: 1,
      person: { user_id: target.user_id, delivery_email: target.deliveryEmail, is_active: true },
    });
    const [, addedForMember] = await drain(sim, memberQueue, 'member@demo.test');
    expect(addedForMember).toMatchObject({
      op: 'add',
      person: { user_id: target.user_id, delivery_email: null, email: `user${target.user_id}@demo.test` },
    });
  });

  it('sends a changed real address only to those who may see it', async () => {
    const sim = newSim();
    const target = sim.store.users.find(
      (u) => !u.isBot && u.isActive && u.role === 400 && u.emailAddressVisibility === EMAIL_VISIBILITY.admins,
    );
    if (!target) throw new Error('demo realm lacks a member with admins-only email visibility');
    const adminQueue = await openQueue(sim, 'admin@demo.test');
    const memberQueue = await openQueue(sim, 'member@demo.test');
    const event: SvcEvent = {
      type: 'realm_user',
      op: 'update',
      person: { user_id: target.user_id, delivery_email: 'new@demo.test' },
    };
    sim.store.emit(event);
    expect(await drain(sim, adminQueue)).toEqual([{ ...event, id: 0 }]);
    expect(await drain(sim, memberQueue, 'member@demo.test')).toEqual([]);
  });

  it('sends nothing to the queues of deactivated users', async () => {
    const sim = newSim();
    const memberQueue = await openQueue(sim, 'member@demo.test');
    const adminQueue = await openQueue(sim, 'admin@demo.test');
    await callSim(sim, 'DELETE', `/users/${idOf(sim, 'member@demo.test')}`, { as: 'admin@demo.test' });
    await rename(sim, 'guest@demo.test', 'Renamed');
    expect(await drain(sim, adminQueue)).toHaveLength(2);
    // The member can no longer sign in to ask; nothing was queued for them either.
    const refused = (await poll(sim, memberQueue, { dont_block: true }, 'member@demo.test')).body;
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Account is deactivated' });
  });

  it('filters per recipient where the event type asks for it (typing: receives_typing_notifications)', async () => {
    const sim = newSim();
    const adminQueue = await openQueue(sim, 'admin@demo.test');
    const memberQueue = await openQueue(sim, 'member@demo.test');
    sim.store.personalSettings.set(idOf(sim, 'member@demo.test'), { receives_typing_notifications: false });
    const member = idOf(sim, 'member@demo.test');
    await callSim(sim, 'POST', '/typing', { as: 'admin@demo.test', params: { op: 'start', to: [member] } });
    expect(await drain(sim, adminQueue)).toMatchObject([{ type: 'typing', op: 'start', id: 0 }]);
    expect(await drain(sim, memberQueue, 'member@demo.test')).toEqual([]);
  });
});

describe('close()', () => {
  it('ends pending polls and leaves no timers behind', async () => {
    vi.useFakeTimers();
    const sim = newSim();
    const queueId = await openQueue(sim);
    const pending = track(poll(sim, queueId));
    await vi.advanceTimersByTimeAsync(10);
    expect(pending.settled).toBe(false);
    // The heartbeat of the poll and the idle sweep.
    expect(vi.getTimerCount()).toBe(2);
    sim.close();
    await vi.waitFor(() => expect(pending.settled).toBe(true));
    expect(pending.value?.body).toEqual({ result: 'success', msg: '', events: [] });
    expect(vi.getTimerCount()).toBe(0);
    // Later polls answer at once.
    expect((await poll(sim, queueId)).body.events).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    sim.close();
  });
});
