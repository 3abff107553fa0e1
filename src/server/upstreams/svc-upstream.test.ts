import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { svcOps } from '../../shared/svc/catalog';
import { createSvcSimulator, startSvcSimServer } from '../../sim/svc';
import { createSvcUpstream, REMEMBER_FROM_BYTES, UpstreamRefusal } from './svc-upstream';
import type { TransportRequest, TransportResponse } from './upstream-http';

const creds = { email: 'admin@demo.test', apiKey: 'k3y' };
const ok = { result: 'success', msg: '' };

/** An upstream whose transport answers from a script and records what it was asked. */
function scripted(...answers: (Omit<TransportResponse, 'bytes'> | Error)[]) {
  const seen: TransportRequest[] = [];
  const svc = createSvcUpstream({
    baseUrl: 'http://chat.test',
    timeoutMs: 1_234,
    transport: async (request) => {
      seen.push(request);
      const next = answers.shift() ?? new Error('no answer scripted');
      if (next instanceof Error) throw next;
      return { ...next, bytes: new TextEncoder().encode(next.text) };
    },
  });
  return { svc, seen };
}

const refusalOf = async (work: Promise<unknown>) => {
  const error = await work.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UpstreamRefusal);
  return error as UpstreamRefusal;
};

describe('createSvcUpstream: requests', () => {
  it('puts path parameters in the path, the rest in the query of a read, with the user’s Basic auth', async () => {
    const { svc, seen } = scripted({ status: 200, text: JSON.stringify({ ...ok, user: { user_id: 7 } }) });
    await svc.send(svcOps.getUser, { user_id: 7, client_gravatar: true }, creds).catch(() => undefined);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/users/7?client_gravatar=true',
      body: null,
      timeoutMs: 1_234,
    });
    expect(seen[0]!.headers).toMatchObject({
      accept: 'application/json',
      authorization: `Basic ${Buffer.from('admin@demo.test:k3y').toString('base64')}`,
    });
  });

  it('sends a mutation’s parameters as a form body, and no credentials when there are none', async () => {
    const { svc, seen } = scripted({ status: 200, text: JSON.stringify(ok) });
    await svc.send(svcOps.updateUser, { user_id: 3, full_name: 'Mia', role: 400 }, null);
    expect(seen[0]).toMatchObject({ method: 'PATCH', path: '/api/v1/users/3', body: 'full_name=Mia&role=400' });
    expect(seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('passes a call’s own deadline and signal to the transport', async () => {
    const { svc, seen } = scripted({ status: 200, text: JSON.stringify({ ...ok, events: [] }) });
    const controller = new AbortController();
    await svc.call(svcOps.getEvents, { queue_id: 'q', last_event_id: -1 }, creds, {
      timeoutMs: 90_000,
      signal: controller.signal,
    });
    expect(seen[0]!.timeoutMs).toBe(90_000);
    expect(seen[0]!.signal).toBe(controller.signal);
  });
});

describe('createSvcUpstream: answers', () => {
  it('send() passes the checked bytes on unchanged; call() gives the parsed body', async () => {
    const text = `{"result":"success","msg":"","events":[{"id":1,"type":"heartbeat"}],"extra":true}`;
    const { svc } = scripted({ status: 200, text }, { status: 200, text });
    const params = { queue_id: 'q', last_event_id: -1 };
    const sent = await svc.send(svcOps.getEvents, params, creds);
    expect(sent).toMatchObject({ status: 200, text });
    expect(new TextDecoder().decode(sent.bytes)).toBe(text);
    expect(await svc.call(svcOps.getEvents, params, creds)).toMatchObject({ events: [{ id: 1 }], extra: true });
  });

  it('passes the server’s own error envelope and status on', async () => {
    const envelope = { result: 'error', code: 'BAD_REQUEST', msg: 'No such user', stream: 'x' };
    const { svc } = scripted({ status: 400, text: JSON.stringify(envelope) });
    const refusal = await refusalOf(svc.send(svcOps.getUser, { user_id: 9 }, creds));
    expect(refusal.status).toBe(400);
    expect(refusal.envelope).toEqual(envelope);
  });

  it('turns a body that is not JSON into 502', async () => {
    const { svc } = scripted({ status: 200, text: '<html>proxy error</html>' });
    const refusal = await refusalOf(svc.send(svcOps.getOwnUser, {}, creds));
    expect(refusal.status).toBe(502);
    expect(refusal.envelope).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', msg: expect.stringMatching(/not JSON/) });
  });

  it('turns an error without an envelope into 502', async () => {
    const { svc } = scripted({ status: 500, text: '{"oops":true}' });
    const refusal = await refusalOf(svc.send(svcOps.getOwnUser, {}, creds));
    expect(refusal).toMatchObject({ status: 502, envelope: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect(refusal.envelope.msg).toMatch(/without an error envelope/);
  });

  it('refuses a success body that does not match the catalog, naming the field', async () => {
    const { svc } = scripted({ status: 200, text: JSON.stringify({ ...ok, events: 'none' }) });
    const refusal = await refusalOf(svc.send(svcOps.getEvents, { queue_id: 'q', last_event_id: -1 }, creds));
    expect(refusal).toMatchObject({ status: 502, envelope: { code: 'UPSTREAM_INVALID_RESPONSE' } });
    expect(refusal.envelope.msg).toMatch(/events/);
  });
});

describe('createSvcUpstream: records it cannot read', () => {
  const person = (id: number, extra: Record<string, unknown> = {}) => ({
    user_id: id,
    delivery_email: `u${id}@x.test`,
    email: `user${id}@x.test`,
    full_name: `Person ${id}`,
    date_joined: '2025-01-01T00:00:00+00:00',
    is_active: true,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: false,
    role: 400,
    timezone: '',
    avatar_url: null,
    avatar_version: 1,
    ...extra,
  });

  it('reads a person without bot_type and bot_owner_id, as real servers send them', async () => {
    const text = JSON.stringify({ ...ok, members: [person(1), person(2, { is_bot: true, bot_type: 1 })] });
    const { svc } = scripted({ status: 200, text });
    const sent = await svc.send(svcOps.getUsers, {}, creds);
    expect(sent.salvaged).toBeUndefined();
    expect(sent.text).toBe(text);
  });

  it('leaves out only the records it cannot read, names them, and keeps the rest', async () => {
    const members = [person(1), person(2, { full_name: 42 }), person(3), person(4, { role: 'boss' })];
    const { svc } = scripted({ status: 200, text: JSON.stringify({ ...ok, members }) });
    const sent = await svc.send(svcOps.getUsers, {}, creds);
    expect(sent.salvaged).toBe(true);
    const body = JSON.parse(sent.text) as { members: { user_id: number }[]; console_skipped_records: unknown[] };
    expect(body.members.map((m) => m.user_id)).toEqual([1, 3]);
    expect(body.console_skipped_records).toEqual([
      { list: 'members', id: 2, name: 'user2@x.test', problem: expect.stringMatching(/^full_name: /) },
      { list: 'members', id: 4, name: 'Person 4', problem: expect.stringMatching(/^role: /) },
    ]);
    expect(new TextDecoder().decode(sent.bytes)).toBe(sent.text);
  });

  it('still refuses an answer that is not the documented envelope at all', async () => {
    const { svc } = scripted({ status: 200, text: JSON.stringify({ ...ok, members: 'none' }) });
    const refusal = await refusalOf(svc.send(svcOps.getUsers, {}, creds));
    expect(refusal).toMatchObject({ status: 502, envelope: { code: 'UPSTREAM_INVALID_RESPONSE' } });
  });
});

describe('createSvcUpstream: work alongside the check', () => {
  const params = { queue_id: 'q', last_event_id: -1 };

  it('hands a success answer’s bytes to beforeCheck before checking them, even when the check then fails', async () => {
    const good = JSON.stringify({ ...ok, events: [] });
    const bad = JSON.stringify({ ...ok, events: 'none' });
    const { svc } = scripted({ status: 200, text: good }, { status: 200, text: bad });
    const seen: string[] = [];
    const beforeCheck = (bytes: Uint8Array) => seen.push(new TextDecoder().decode(bytes));
    await svc.send(svcOps.getEvents, params, creds, { beforeCheck });
    await refusalOf(svc.send(svcOps.getEvents, params, creds, { beforeCheck }));
    expect(seen).toEqual([good, bad]);
  });

  it('never hands it an error answer', async () => {
    const { svc } = scripted({ status: 400, text: JSON.stringify({ result: 'error', code: 'BAD_REQUEST', msg: 'x' }) });
    const seen: Uint8Array[] = [];
    await refusalOf(svc.send(svcOps.getEvents, params, creds, { beforeCheck: (bytes) => seen.push(bytes) }));
    expect(seen).toEqual([]);
  });
});

describe('createSvcUpstream: answers checked before', () => {
  // An operation no API change touches (an answer that may be respelled is always parsed: api-changes.ts).
  const eventsOp = { ...svcOps.getEvents, id: 'forwardedEvents' };
  const params = { queue_id: 'q', last_event_id: -1 };
  const events = (type: string) => Array.from({ length: 600 }, (_, id) => ({ id, type }));
  const large = (type: string) => JSON.stringify({ ...ok, events: events(type) });

  it('forwards the same large bytes again without checking them again; call() and other bytes are checked', async () => {
    const body = large('heartbeat');
    expect(body.length).toBeGreaterThanOrEqual(REMEMBER_FROM_BYTES);
    const answer = { status: 200, text: body };
    const other = { status: 200, text: large('presence') };
    const { svc } = scripted(answer, answer, other, answer, answer);
    const check = vi.spyOn(eventsOp.response, 'safeParse');
    try {
      const digests: (string | undefined)[] = [];
      const beforeCheck = (_bytes: Uint8Array, digest: string | undefined) => digests.push(digest);
      const first = await svc.send(eventsOp, params, creds, { beforeCheck });
      const again = await svc.send(eventsOp, params, creds, { beforeCheck });
      expect(new TextDecoder().decode(again.bytes)).toBe(body);
      expect(check).toHaveBeenCalledTimes(1);
      expect(digests[0]).toMatch(/^[\w-]{43}$/);
      expect(digests[1]).toBe(digests[0]);
      expect(again.digest).toBe(first.digest);

      await svc.send(eventsOp, params, creds, { beforeCheck });
      expect(check).toHaveBeenCalledTimes(2);
      expect(digests[2]).not.toBe(digests[0]);

      // A caller that needs the parsed body gets it checked every time.
      expect((await svc.call(eventsOp, params, creds)).events).toHaveLength(600);
      expect((await svc.call(eventsOp, params, creds)).events).toHaveLength(600);
      expect(check).toHaveBeenCalledTimes(4);
    } finally {
      check.mockRestore();
    }
  });

  it('checks small answers every time, and never remembers a failed check', async () => {
    const small = { status: 200, text: JSON.stringify({ ...ok, events: [] }) };
    const bad = {
      status: 200,
      text: JSON.stringify({ ...ok, events: events('x').map(({ id }) => ({ id, kind: 'no type here' })) }),
    };
    expect(bad.text.length).toBeGreaterThanOrEqual(REMEMBER_FROM_BYTES);
    const { svc } = scripted(small, small, bad, bad);
    const check = vi.spyOn(eventsOp.response, 'safeParse');
    try {
      await svc.send(eventsOp, params, creds);
      const again = await svc.send(eventsOp, params, creds);
      expect(again.digest).toBeUndefined();
      expect(check).toHaveBeenCalledTimes(2);
      await refusalOf(svc.send(eventsOp, params, creds));
      const refusal = await refusalOf(svc.send(eventsOp, params, creds));
      expect(refusal.envelope.code).toBe('UPSTREAM_INVALID_RESPONSE');
      expect(check).toHaveBeenCalledTimes(4);
    } finally {
      check.mockRestore();
    }
  });
});

describe('createSvcUpstream: failures', () => {
  const reset = () => Object.assign(new Error('other side closed'), { name: 'SocketError' });
  const timeout = () => new DOMException('late', 'TimeoutError');

  it('repeats a failed read once', async () => {
    const { svc, seen } = scripted(reset(), { status: 200, text: JSON.stringify({ ...ok, user: {} }) });
    await svc.send(svcOps.getUser, { user_id: 7 }, creds).catch(() => undefined);
    expect(seen).toHaveLength(2);
  });

  it('gives up after the second failure: 502 "cannot be reached"', async () => {
    const { svc, seen } = scripted(reset(), reset(), { status: 200, text: '{}' });
    const refusal = await refusalOf(svc.send(svcOps.getOwnUser, {}, creds));
    expect(seen).toHaveLength(2);
    expect(refusal).toMatchObject({ status: 502, envelope: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect(refusal.envelope.msg).toMatch(/cannot be reached/);
  });

  it('says "did not answer in time" for a timeout or an abort', async () => {
    const { svc } = scripted(timeout(), timeout());
    expect((await refusalOf(svc.send(svcOps.getOwnUser, {}, creds))).envelope.msg).toMatch(/did not answer in time/);
    const aborted = scripted(new DOMException('stop', 'AbortError'));
    const refusal = await refusalOf(aborted.svc.send(svcOps.getOwnUser, {}, creds, { retry: false }));
    expect(refusal.envelope.msg).toMatch(/did not answer in time/);
  });

  it('never repeats a mutation, a call with retry off, or an aborted call', async () => {
    const mutation = scripted(reset(), { status: 200, text: JSON.stringify(ok) });
    await refusalOf(mutation.svc.send(svcOps.deactivateUser, { user_id: 3 }, creds));
    expect(mutation.seen).toHaveLength(1);

    const noRetry = scripted(reset(), { status: 200, text: '{}' });
    await refusalOf(noRetry.svc.send(svcOps.getOwnUser, {}, creds, { retry: false }));
    expect(noRetry.seen).toHaveLength(1);

    const controller = new AbortController();
    controller.abort();
    const aborted = scripted(new DOMException('stop', 'AbortError'), { status: 200, text: '{}' });
    await refusalOf(aborted.svc.send(svcOps.getOwnUser, {}, creds, { signal: controller.signal }));
    expect(aborted.seen).toHaveLength(1);
  });
});

describe('createSvcUpstream over HTTP (pooled connections to the simulator)', () => {
  const sim = createSvcSimulator({ generatedUsers: 3, heartbeatSeconds: 0.4, longpollTimeoutSeconds: 5 });
  let server: { url: string; close(): Promise<void> };
  let svc: ReturnType<typeof createSvcUpstream>;
  const admin = { email: 'admin@demo.test', apiKey: '' };

  beforeAll(async () => {
    server = await startSvcSimServer(sim, 0);
    sim.control.setBaseUrl(server.url);
    admin.apiKey = sim.apiKeyOf(admin.email);
    svc = createSvcUpstream({ baseUrl: server.url, timeoutMs: 200 });
  });
  afterAll(async () => {
    await svc.close();
    sim.close();
    await server.close();
  });

  it('reads and writes through the simulator', async () => {
    expect(await svc.call(svcOps.getOwnUser, {}, admin)).toMatchObject({ email: 'admin@demo.test' });
    const raw = await svc.send(svcOps.getOwnUser, {}, admin);
    expect(JSON.parse(raw.text)).toMatchObject({ result: 'success', email: 'admin@demo.test' });
    const refusal = await refusalOf(svc.send(svcOps.getOwnUser, {}, { ...admin, apiKey: 'wrong' }));
    expect(refusal.status).toBe(401);
    expect(refusal.envelope.result).toBe('error');
  });

  it('lets a long poll outlast the usual timeout, and an abort ends it at once', async () => {
    const { queue_id: queueId } = await svc.call(svcOps.registerQueue, { event_types: ['message'] }, admin);
    const polled = await svc.call(svcOps.getEvents, { queue_id: queueId!, last_event_id: -1 }, admin, {
      timeoutMs: 3_000,
      retry: false,
    });
    expect(polled.events.length).toBeGreaterThan(0);

    // A deadline far past the test's own timeout: only the abort can end this call.
    const controller = new AbortController();
    const waiting = svc.call(svcOps.getEvents, { queue_id: queueId!, last_event_id: 10_000 }, admin, {
      timeoutMs: 600_000,
      signal: controller.signal,
      retry: false,
    });
    setTimeout(() => controller.abort(), 50);
    const refusal = await refusalOf(waiting);
    expect(refusal.envelope.msg).toMatch(/did not answer in time/);
  });
});
