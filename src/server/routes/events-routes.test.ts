import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { HubOverrides } from '../deps';
import { closeTestBffs, consoleRequest, createTestBff, ORIGIN, signInSession } from '../test-support/test-bff';

interface Options {
  keepaliveMs?: number;
  maxPerSession?: number;
  hub?: HubOverrides;
  /** Told of each upstream request as it is sent ('> METHOD /path') and as its answer arrives ('< METHOD /path'). */
  upstreamLog?: string[];
}

const defaults = loadConfig({});

/** The test BFF with a quick hub, a clock the test moves, and a count of the events the hub has taken. */
function setup(options: Options = {}) {
  let clock = Date.now();
  // What the hub has taken from the chat server: realm_user events delivered to it before its latest long-poll
  // (the hub asks again only after it has buffered what the previous answer carried).
  let delivered = 0;
  let taken = 0;
  const bff = createTestBff({
    // Short heartbeats and long-poll timeout keep the loop turning quickly.
    sim: { generatedUsers: 20, heartbeatSeconds: 0.2, longpollTimeoutSeconds: 1 },
    config: {
      events: {
        ...defaults.events,
        maxPerSession: options.maxPerSession ?? 8,
        keepaliveMs: options.keepaliveMs ?? 10_000,
      },
    },
    intercept: async (request, send) => {
      const poll = request.method === 'GET' && new URL(request.url).pathname === '/api/v1/events';
      if (poll) taken = delivered;
      const line = `${request.method} ${new URL(request.url).pathname}`;
      options.upstreamLog?.push(`> ${line}`);
      const res = await send(request);
      options.upstreamLog?.push(`< ${line}`);
      if (poll && res.ok) {
        const body = (await res.clone().json()) as { events?: { type: string }[] };
        delivered += (body.events ?? []).filter((e) => e.type === 'realm_user').length;
      }
      return res;
    },
    deps: {
      now: () => clock,
      hub: { backoff: { initialMs: 20, maxMs: 80 }, reapEveryMs: null, longpollMarginMs: 500, ...options.hub },
    },
  });
  return {
    ...bff,
    /** realm_user events the hub has buffered (and asked past). */
    realmUserEventsTaken: () => taken,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}
type Harness = ReturnType<typeof setup>;

afterEach(closeTestBffs);

async function setRole(h: Harness, cookie: string, userId: number, role: number) {
  const res = await h.app.request(
    consoleRequest(`/bff/svc/users/${userId}`, cookie, {
      method: 'PATCH',
      body: new URLSearchParams({ role: String(role) }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
  expect(res.status).toBe(200);
}

function member(h: Harness) {
  return h.sim.store.users.find((u) => u.role === 400 && !u.isBot && u.isActive && u.user_id > 10)!;
}

interface SseMessage {
  event: string;
  data: string;
  id: string | null;
  retry: number | null;
}

/** A minimal reader of an SSE body (no EventSource in Node's test environment). */
function sse(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ended = false;
  let comments = 0;

  async function block(timeoutMs: number): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = buffer.indexOf('\n\n');
      if (at >= 0) {
        const text = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        return text;
      }
      if (ended) return null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
      });
      const read = await Promise.race([reader.read(), timeout]);
      clearTimeout(timer);
      if (read === 'timeout') throw new Error(`no SSE message within ${timeoutMs} ms`);
      if (read.done) ended = true;
      else buffer += read.value;
    }
  }

  // Messages read while waiting for comments, handed out by next() first.
  const pending: SseMessage[] = [];

  /** The next message (comments are counted and skipped); null when the stream ended. */
  async function next(timeoutMs = 5_000): Promise<SseMessage | null> {
    const held = pending.shift();
    if (held) return held;
    for (;;) {
      const read = await readOne(timeoutMs);
      if (read !== 'comment') return read;
    }
  }

  /** Reads until `count` keep-alive comments have arrived in all, keeping the messages for next(). */
  async function untilComments(count: number, timeoutMs = 5_000): Promise<void> {
    while (comments < count) {
      const read = await readOne(timeoutMs);
      if (read === null) throw new Error(`stream ended after ${comments} comments`);
      if (read !== 'comment') pending.push(read);
    }
  }

  async function readOne(timeoutMs: number): Promise<SseMessage | 'comment' | null> {
    const text = await block(timeoutMs);
    if (text === null) return null;
    const message: SseMessage = { event: 'message', data: '', id: null, retry: null };
    const data: string[] = [];
    let fields = 0;
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      fields++;
      if (name === 'event') message.event = value;
      else if (name === 'data') data.push(value);
      else if (name === 'id') message.id = value;
      else if (name === 'retry') message.retry = Number(value);
    }
    if (fields === 0) {
      comments++;
      return 'comment';
    }
    message.data = data.join('\n');
    return message;
  }

  /** Messages up to and including the first that matches. */
  async function until(match: (m: SseMessage) => boolean, timeoutMs = 5_000): Promise<SseMessage[]> {
    const seen: SseMessage[] = [];
    for (;;) {
      const m = await next(timeoutMs);
      if (!m) throw new Error(`stream ended before the expected message; saw ${JSON.stringify(seen)}`);
      seen.push(m);
      if (match(m)) return seen;
    }
  }

  return {
    next,
    until,
    untilComments,
    get comments() {
      return comments;
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}

function openEvents(h: Harness, cookie: string, lastEventId?: string, since?: string) {
  const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const query = since ? `?${new URLSearchParams({ since })}` : '';
  return h.app.request(ORIGIN + '/bff/events' + query, { headers });
}

async function connect(h: Harness, cookie: string, lastEventId?: string, since?: string) {
  const res = await openEvents(h, cookie, lastEventId, since);
  expect(res.status).toBe(200);
  const stream = sse(res);
  const first = await stream.next();
  // The first state carries the current position, so even a tab that saw no event resumes from it.
  expect(first).toMatchObject({ event: 'state', retry: 2_000 });
  expect(first!.id).toMatch(/^[\w-]+:\d+$/);
  return { res, stream, state: JSON.parse(first!.data) };
}

async function readSession(h: Harness, cookie: string) {
  const res = await h.app.request(ORIGIN + '/bff/session', { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as { limits: unknown; events?: string };
}

const isRealmUser = (m: SseMessage) => m.event === 'svc' && JSON.parse(m.data).type === 'realm_user';

describe('GET /bff/events', () => {
  it('refuses without a session (401 SESSION_EXPIRED)', async () => {
    const h = setup();
    const res = await openEvents(h, '');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('SESSION_EXPIRED');
  });

  it('streams the session’s events in order, with ids, after the current state', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const { res, stream, state } = await connect(h, cookie);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(state).toEqual({ state: 'live', detail: null, retryAt: null });

    const target = member(h);
    await setRole(h, cookie, target.user_id, 300);
    await setRole(h, cookie, target.user_id, 400);
    const first = (await stream.until(isRealmUser)).at(-1)!;
    const second = (await stream.until(isRealmUser)).at(-1)!;
    expect(JSON.parse(first.data)).toMatchObject({ type: 'realm_user', op: 'update', person: { role: 300 } });
    expect(JSON.parse(second.data)).toMatchObject({ type: 'realm_user', op: 'update', person: { role: 400 } });
    const [gen1, seq1] = first.id!.split(':');
    const [gen2, seq2] = second.id!.split(':');
    expect(gen2).toBe(gen1);
    expect(Number(seq2)).toBe(Number(seq1) + 1);
    // Heartbeats (every 0.2 s here) stay in the BFF: nothing else arrives.
    await expect(stream.next(700)).rejects.toThrow(/no SSE message/);
    await stream.close();
    expect(h.logs.join('\n')).not.toContain(h.sim.apiKeyOf('admin@demo.test'));
    expect(h.logs.join('\n')).not.toContain('realm_user');
  });

  it('sends keep-alive comments on a quiet stream, and never heartbeats', async () => {
    const h = setup({ keepaliveMs: 50 });
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const { stream } = await connect(h, cookie);
    const target = member(h);
    await stream.untilComments(3);
    await setRole(h, cookie, target.user_id, 300);
    const seen = await stream.until(isRealmUser);
    expect(stream.comments).toBeGreaterThanOrEqual(3);
    expect(seen.filter((m) => m.event === 'svc').map((m) => JSON.parse(m.data).type)).toEqual(['realm_user']);
    await stream.close();
  });

  it('replays what a reconnecting tab missed after its Last-Event-ID', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const target = member(h);
    const tab = await connect(h, cookie);
    await setRole(h, cookie, target.user_id, 300);
    const seen = (await tab.stream.until(isRealmUser)).at(-1)!;
    await tab.stream.close();
    await expect.poll(() => h.deps.hub.stats().connections).toBe(0);

    // Changes while the tab is away, then it comes back.
    await setRole(h, cookie, target.user_id, 200);
    await setRole(h, cookie, target.user_id, 400);
    await expect.poll(() => h.sim.store.user(target.user_id)?.role).toBe(400);
    await expect.poll(() => h.realmUserEventsTaken()).toBe(3);
    const back = await connect(h, cookie, seen.id!);
    const replayed = [(await back.stream.next())!, (await back.stream.next())!];
    expect(replayed.map((m) => JSON.parse(m.data).person.role)).toEqual([200, 400]);
    const seq = Number(seen.id!.split(':')[1]);
    expect(replayed.map((m) => Number(m.id!.split(':')[1]))).toEqual([seq + 1, seq + 2]);
    await back.stream.close();
  });

  it('sends resync (gap) when the tab was away longer than the replay buffer reaches', async () => {
    const h = setup({ hub: { bufferSize: 2 } });
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const target = member(h);
    const tab = await connect(h, cookie);
    await setRole(h, cookie, target.user_id, 300);
    const seen = (await tab.stream.until(isRealmUser)).at(-1)!;
    await tab.stream.close();
    for (const role of [200, 400, 300]) await setRole(h, cookie, target.user_id, role);
    await expect.poll(() => h.realmUserEventsTaken()).toBe(4);
    const back = await connect(h, cookie, seen.id!);
    const resync = (await back.stream.next())!;
    expect(resync.event).toBe('resync');
    expect(JSON.parse(resync.data)).toEqual({ reason: 'gap' });
    expect(Number(resync.id!.split(':')[1])).toBe(Number(seen.id!.split(':')[1]) + 3);
    await back.stream.close();
  });

  it('sends resync (registered) to a tab whose Last-Event-ID belongs to an ended queue', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    h.advance(3 * 60_000 + 1);
    expect(await h.deps.hub.reap()).toBe(1);
    await expect.poll(() => h.sim.control.queueCount()).toBe(0);
    const back = await connect(h, cookie, 'old-generation:17');
    const resync = await back.stream.next();
    expect(resync?.event).toBe('resync');
    expect(JSON.parse(resync!.data)).toEqual({ reason: 'registered' });
    expect(h.sim.control.queueCount()).toBe(1);
    await back.stream.close();
  });

  it('re-registers an expired queue: resync (queue-lost), then events flow from a fresh queue', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const { stream } = await connect(h, cookie);
    expect(h.sim.control.queueCount()).toBe(1);
    h.sim.control.expireQueues();
    const resync = (await stream.until((m) => m.event === 'resync')).at(-1)!;
    expect(JSON.parse(resync.data)).toEqual({ reason: 'queue-lost' });
    expect(resync.id).toMatch(/:\d+$/);
    expect(h.sim.control.queueCount()).toBe(1);
    const target = member(h);
    await setRole(h, cookie, target.user_id, 300);
    const event = (await stream.until(isRealmUser)).at(-1)!;
    expect(Number(event.id!.split(':')[1])).toBe(Number(resync.id!.split(':')[1]) + 1);
    expect(h.logs.some((l) => l.includes('queue lost'))).toBe(true);
    await stream.close();
  });

  it('shares one upstream queue between the tabs of a session; each tab gets every event', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const a = await connect(h, cookie);
    const b = await connect(h, cookie);
    expect(h.sim.control.queueCount()).toBe(1);
    expect(h.deps.hub.stats()).toEqual({ sessions: 1, upstreamQueues: 1, connections: 2 });
    const target = member(h);
    await setRole(h, cookie, target.user_id, 300);
    const fromA = (await a.stream.until(isRealmUser)).at(-1)!;
    const fromB = (await b.stream.until(isRealmUser)).at(-1)!;
    expect(fromB.id).toBe(fromA.id);
    expect(fromB.data).toBe(fromA.data);

    // Another session gets its own queue.
    const other = await signInSession(h, 'moderator@demo.test');
    await expect.poll(() => h.sim.control.queueCount()).toBe(2);
    await expect.poll(async () => (await readSession(h, other.cookie)).limits).not.toBeNull();
    await a.stream.close();
    await b.stream.close();
  });

  it('sign-out closes the session’s streams and deletes its upstream queue', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const { stream } = await connect(h, cookie);
    expect(h.sim.control.queueCount()).toBe(1);
    const out = await h.app.request(consoleRequest('/bff/session', cookie, { method: 'DELETE' }));
    expect(out.status).toBe(204);
    expect(h.sim.control.queueCount()).toBe(0);
    const last = await stream.until((m) => m.event === 'state');
    expect(JSON.parse(last.at(-1)!.data)).toMatchObject({ state: 'offline' });
    expect(await stream.next()).toBeNull();
    expect(h.deps.hub.stats()).toEqual({ sessions: 0, upstreamQueues: 0, connections: 0 });
    expect((await openEvents(h, cookie)).status).toBe(401);
  });

  it('signing in again over an existing session ends the old session’s queue', async () => {
    const h = setup();
    const first = await signInSession(h, 'admin@demo.test');
    expect(h.sim.control.queueCount()).toBe(1);
    await signInSession(h, 'admin@demo.test', first.cookie);
    expect(h.sim.control.queueCount()).toBe(1);
    expect(h.deps.hub.stats().sessions).toBe(1);
  });

  it('deletes the queue of a session nobody listens to after EVENTS_IDLE_MINUTES', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const tab = await connect(h, cookie);
    h.advance(10 * 60_000);
    expect(await h.deps.hub.reap()).toBe(0); // a tab is listening
    await tab.stream.close();
    await expect.poll(() => h.deps.hub.stats().connections).toBe(0);
    h.advance(2 * 60_000);
    expect(await h.deps.hub.reap()).toBe(0);
    h.advance(60_000);
    expect(await h.deps.hub.reap()).toBe(1);
    expect(h.sim.control.queueCount()).toBe(0);
  });

  it('ends a stream whose session expired meanwhile (the stream itself does not keep the session alive)', async () => {
    const h = setup({ keepaliveMs: 50 });
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const { stream } = await connect(h, cookie);
    await stream.untilComments(1);
    h.advance(61 * 60_000);
    expect(await stream.next()).toBeNull();
    expect(stream.comments).toBeGreaterThan(0);
    expect((await openEvents(h, cookie)).status).toBe(401);
  });

  it('caps SSE connections per session with 429 and the error envelope', async () => {
    const h = setup({ maxPerSession: 2 });
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const a = await connect(h, cookie);
    const b = await connect(h, cookie);
    const third = await openEvents(h, cookie);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ result: 'error', code: 'TOO_MANY_STREAMS' });
    await a.stream.close();
    await expect.poll(() => h.deps.hub.stats().connections).toBe(1);
    const again = await connect(h, cookie);
    await b.stream.close();
    await again.stream.close();
  });

  it('reports reconnecting (with retryAt) while the upstream fails, then live again', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const { stream } = await connect(h, cookie);
    h.sim.control.failNext(2, 502);
    const target = member(h);
    // The pending long-poll answers with the next heartbeat; the two polls after it fail.
    const failing = (await stream.until((m) => m.event === 'state' && JSON.parse(m.data).state === 'reconnecting')).at(
      -1,
    )!;
    const state = JSON.parse(failing.data);
    expect(state.detail).toBeTruthy();
    expect(typeof state.retryAt).toBe('number');
    const live = await stream.until((m) => m.event === 'state' && JSON.parse(m.data).state === 'live');
    expect(live.length).toBeGreaterThan(0);
    await setRole(h, cookie, target.user_id, 300);
    await stream.until(isRealmUser);
    expect(h.logs.some((l) => /upstream failed user_id=\d+ \(INTERNAL_SERVER_ERROR\); retry 1 in/.test(l))).toBe(true);
    await stream.close();
  });

  it('ends the session when the server refuses its key while polling', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'member@demo.test');
    const { stream } = await connect(h, cookie);
    h.sim.store.userByDeliveryEmail('member@demo.test')!.isActive = false;
    // The pending poll answers at the next heartbeat; the one after it is refused.
    const end = await stream.until((m) => m.event === 'state' && JSON.parse(m.data).state === 'offline');
    expect(end.length).toBeGreaterThan(0);
    expect(await stream.next()).toBeNull();
    expect((await openEvents(h, cookie)).status).toBe(401);
  });
});

describe('GET /bff/session limits', () => {
  it('carries the limits the server reported at queue registration, once registered (never waited for)', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    await expect
      .poll(async () => (await readSession(h, cookie)).limits)
      .toMatchObject({ maxTopicLength: expect.any(Number) });
    expect(h.sim.control.queueCount()).toBe(1);
    const anonymous = await h.app.request(ORIGIN + '/bff/session');
    expect((await anonymous.json()).limits).toBeNull();
  });

  it('answers with limits null (and no error) when the server cannot register a queue', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    await h.deps.hub.end(
      // The session id is the cookie's value.
      decodeURIComponent(cookie.split('=')[1]!),
    );
    expect(h.sim.control.queueCount()).toBe(0);
    // Registration and both tries of the own-user read fail: the session stays, without limits.
    h.sim.control.failNext(3, 503);
    const res = await h.app.request(ORIGIN + '/bff/session', { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).not.toBeNull();
    expect(body.limits).toBeNull();
    // The hub keeps trying in the background.
    await expect.poll(() => h.sim.control.queueCount()).toBe(1);
  });
});

/**
 * A sign-in, and a page load of a session without a registered queue, answer at once while the queue registers.
 * A read made meanwhile waits for the registration (up to readWaitMs); one that goes before it (here readWaitMs 0,
 * as when the registration takes longer than that) is named once the queue starts, and the tab reads it again. The
 * simulator holds the registration (RegisterHold) so a test can read, change what it read, and only then let the
 * queue start: the change reaches no queue. A load of a session whose queue is registered reads nothing again.
 */
describe('reads before the event queue is registered', () => {
  const isRegistered = (m: SseMessage) => m.event === 'registered';
  const readUsers = async (h: Harness, cookie: string) =>
    expect((await h.app.request(consoleRequest('/bff/svc/users', cookie))).status).toBe(200);
  const noWait = { hub: { readWaitMs: 0 } };

  it('a read while the queue registers waits for it: it goes upstream after, and nothing is read again', async () => {
    const upstreamLog: string[] = [];
    // Longer than any test: only the registration releases the read.
    const h = setup({ hub: { readWaitMs: 600_000 }, upstreamLog });
    h.sim.control.holdRegister!(true);
    const { cookie, body } = await signInSession(h, 'admin@demo.test');
    await expect.poll(() => h.sim.control.holdRegister!(true)).toBe(1);
    let answered = false;
    const read = Promise.resolve(h.app.request(consoleRequest('/bff/svc/users', cookie))).then((res) => {
      answered = true;
      return res;
    });
    // Changed before the queue starts: the read, made after it, carries the change.
    const target = member(h);
    await setRole(h, cookie, target.user_id, 300);
    expect(answered).toBe(false);
    expect(upstreamLog).not.toContain('> GET /api/v1/users');
    h.sim.control.holdRegister!(false);
    const res = await read;
    expect(res.status).toBe(200);
    const listed = ((await res.json()) as { members: { user_id: number; role: number }[] }).members;
    expect(listed.find((m) => m.user_id === target.user_id)?.role).toBe(300);
    expect(upstreamLog.indexOf('> GET /api/v1/users')).toBeGreaterThan(upstreamLog.indexOf('< POST /api/v1/register'));
    const tab = await connect(h, cookie, undefined, String(body.events));
    const seen = await tab.stream.until(isRegistered);
    expect(JSON.parse(seen.at(-1)!.data)).toEqual({
      reread: [],
      limits: expect.objectContaining({ maxTopicLength: 60 }),
    });
    await tab.stream.close();
  });

  it('a read that goes before the queue (not waiting) is named by the registration, to be read again', async () => {
    const h = setup(noWait);
    expect(h.sim.control.holdRegister!(true)).toBe(0);
    const { cookie, body } = await signInSession(h, 'admin@demo.test');
    expect(body.user).not.toBeNull();
    expect(body.limits).toBeNull();
    expect(body.events).toMatch(/^[\w-]+:0$/);
    await expect.poll(() => h.sim.control.holdRegister!(true)).toBe(1);
    // The page reads the users, then someone's role changes: no queue exists yet to carry that event.
    await readUsers(h, cookie);
    const target = member(h);
    await setRole(h, cookie, target.user_id, 300);
    const tab = await connect(h, cookie, undefined, String(body.events));
    expect(tab.state.state).toBe('reconnecting');
    h.sim.control.holdRegister!(false);
    const seen = await tab.stream.until(isRegistered);
    const registered = JSON.parse(seen.at(-1)!.data);
    expect(registered).toEqual({ reread: ['getUsers'], limits: expect.objectContaining({ maxTopicLength: 60 }) });
    // The change came before the queue: no event carries it; reading the users again does.
    expect(seen.filter(isRealmUser)).toEqual([]);
    expect(h.sim.store.user(target.user_id)?.role).toBe(300);
    // Events after the queue started flow as usual, once each.
    await setRole(h, cookie, target.user_id, 400);
    const live = await tab.stream.until(isRealmUser);
    expect(JSON.parse(live.at(-1)!.data).person).toMatchObject({ user_id: target.user_id, role: 400 });
    expect((await readSession(h, cookie)).limits).toEqual(registered.limits);
    await tab.stream.close();
  });

  it('a tab that connects after the registration is sent it from its session answer’s position', async () => {
    const h = setup(noWait);
    h.sim.control.holdRegister!(true);
    const { cookie, body } = await signInSession(h, 'admin@demo.test');
    await readUsers(h, cookie);
    h.sim.control.holdRegister!(false);
    await expect.poll(() => h.deps.hub.stats().upstreamQueues).toBe(1);
    const tab = await connect(h, cookie, undefined, String(body.events));
    expect(tab.state.state).toBe('live');
    const next = (await tab.stream.next())!;
    expect(next.event).toBe('registered');
    expect(JSON.parse(next.data).reread).toEqual(['getUsers']);
    await tab.stream.close();
  });

  it('a load of a session whose queue is registered: nothing to read again, each event once', async () => {
    const h = setup();
    const first = await signInSession(h, 'admin@demo.test');
    await expect.poll(() => h.deps.hub.stats().upstreamQueues).toBe(1);
    const { events } = await readSession(h, first.cookie);
    expect(events).not.toBe(first.body.events);
    await readUsers(h, first.cookie);
    const tab = await connect(h, first.cookie, undefined, events);
    const target = member(h);
    await setRole(h, first.cookie, target.user_id, 300);
    const seen = await tab.stream.until(isRealmUser);
    expect(seen.filter(isRegistered)).toEqual([]);
    expect(seen.filter(isRealmUser)).toHaveLength(1);
    await tab.stream.close();
  });

  it('a load of a session whose queue was reaped answers at once; reads alongside it are named', async () => {
    const h = setup(noWait);
    const { cookie } = await signInSession(h, 'admin@demo.test');
    await expect.poll(() => h.deps.hub.stats().upstreamQueues).toBe(1);
    h.advance(3 * 60_000 + 1);
    expect(await h.deps.hub.reap()).toBe(1);
    h.sim.control.holdRegister!(true);
    // The page's read and its session read go together; here the read comes first and starts the queue.
    await readUsers(h, cookie);
    const body = await readSession(h, cookie);
    expect(body.limits).toBeNull();
    h.sim.control.holdRegister!(false);
    const tab = await connect(h, cookie, undefined, body.events);
    const seen = await tab.stream.until(isRegistered);
    expect(JSON.parse(seen.at(-1)!.data).reread).toEqual(['getUsers']);
    await tab.stream.close();
  });
});
