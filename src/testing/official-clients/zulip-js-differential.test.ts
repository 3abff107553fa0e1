import zulip from 'zulip-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRealServer, type RealServer } from '../../../e2e/real-server';
import { serveHttp, type SimHttpServer } from '../../sim/serve-http';
import { createSvcSimulator, DEMO_PASSWORD } from '../../sim/svc';
import { shapeDrift, shapeOf } from '../real-contract/shape';
import { STEPS, type SideClients, type StepContext } from './zulip-js-steps';

/**
 * The same calls through the official JavaScript client (`zulip-js`), against the simulator at level 372 and,
 * when the real-server kit is there, against the real server: the same status, error code and message, and
 * answers of the same shape. Each side is served through a recorder, since zulip-js hands back only the JSON.
 * Without the kit the real side is skipped (the reason is printed) and the simulator is held to the statuses and
 * codes the real server gave when the steps were written.
 */

interface Outcome {
  status: number;
  body: Record<string, unknown>;
}

interface Side {
  clients: SideClients;
  statuses: number[];
  server: SimHttpServer;
}

/** Serves `handle` on loopback and records each answer's status, in order. */
async function recorded(handle: (request: Request) => Promise<Response>) {
  const statuses: number[] = [];
  const server = await serveHttp(
    async (request) => {
      const response = await handle(request);
      statuses.push(response.status);
      return response;
    },
    0,
    '127.0.0.1',
  );
  return { statuses, server };
}

interface Account {
  email: string;
  apiKey: string;
}

async function clientsFor(
  url: string,
  member: Account & { password: string },
  admin: Account & { userId: number },
  extra: { channel: string; settle: () => Promise<void> },
): Promise<SideClients> {
  return {
    member: await zulip({ realm: url, username: member.email, apiKey: member.apiKey }),
    admin: await zulip({ realm: url, username: admin.email, apiKey: admin.apiKey }),
    adminId: admin.userId,
    signIn: () => zulip({ realm: url, username: member.email, password: member.password }),
    ...extra,
  };
}

async function simulatorSide(): Promise<Side> {
  const sim = createSvcSimulator({ featureLevel: 372, generatedUsers: 20 });
  const { statuses, server } = await recorded((request) => sim.fetch(request));
  const account = (email: string) => ({ email, apiKey: sim.apiKeyOf(email) });
  const admin = { ...account('admin@demo.test'), userId: sim.store.userByDeliveryEmail('admin@demo.test')!.user_id };
  const clients = await clientsFor(server.url, { ...account('member@demo.test'), password: DEMO_PASSWORD }, admin, {
    channel: 'general',
    settle: () => Promise.resolve(),
  });
  return { clients, statuses, server };
}

/** The real server behind a recorder that forwards every request as it came. */
async function realSide(real: Extract<RealServer, { ok: true }>): Promise<Side> {
  const base = real.creds.base_url;
  const { statuses, server } = await recorded(async (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.delete('host');
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const response = await fetch(`${base}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
    });
    const type = response.headers.get('content-type') ?? 'application/json';
    return new Response(await response.arrayBuffer(), { status: response.status, headers: { 'content-type': type } });
  });
  const user = (email: string) => real.creds.users.find((u) => u.email === email)!;
  const hamlet = user('hamlet@zulip.com');
  const iago = user('iago@zulip.com');
  const clients = await clientsFor(
    server.url,
    { email: hamlet.email, apiKey: hamlet.api_key, password: hamlet.password },
    { email: iago.email, apiKey: iago.api_key, userId: iago.user_id },
    { channel: 'Verona', settle: () => new Promise((resolve) => setTimeout(resolve, 1500)) },
  );
  return { clients, statuses, server };
}

/** Runs every step in order on one side; a step's outcome is its answer and the status the recorder saw. */
async function runSteps(side: Side): Promise<Map<string, Outcome>> {
  const ctx: StepContext = { streamId: 0, messageId: 0, queueId: '', newChannel: '', newChannelId: 0 };
  const outcomes = new Map<string, Outcome>();
  for (const step of STEPS) {
    const before = side.statuses.length;
    const body = await step.run(side.clients, ctx);
    outcomes.set(step.name, { status: side.statuses.at(-1) ?? 0, body });
    // Every step reaches the server (a client-side failure would leave the previous status in place).
    expect(side.statuses.length, `${step.name}: requests made`).toBeGreaterThan(before);
  }
  return outcomes;
}

const real = await findRealServer();
if (!real.ok) console.warn(`[zulip-js differential] the real side is skipped: ${real.reason}`);

describe('zulip-js against the simulator (level 372) and the real server', () => {
  const sides: { sim?: Side; real?: Side } = {};
  const outcomes: { sim?: Map<string, Outcome>; real?: Map<string, Outcome> } = {};

  beforeAll(async () => {
    sides.sim = await simulatorSide();
    outcomes.sim = await runSteps(sides.sim);
    if (real.ok) {
      sides.real = await realSide(real);
      outcomes.real = await runSteps(sides.real);
    }
  }, 180_000);

  afterAll(async () => {
    await sides.sim?.server.close();
    await sides.real?.server.close();
  });

  it.each(STEPS.map((s) => [s.name, s] as const))('the simulator answers "%s" as the real server did', (name, step) => {
    const got = outcomes.sim!.get(name)!;
    expect({ status: got.status, code: got.body.code }).toEqual({ status: step.expect.status, code: step.expect.code });
  });

  it.runIf(real.ok).each(STEPS.map((s) => [s.name, s] as const))(
    'the simulator and the real server answer "%s" alike (status, code, message, shape)',
    (name, step) => {
      const sim = outcomes.sim!.get(name)!;
      const other = outcomes.real!.get(name)!;
      const found: string[] = [];
      if (sim.status !== other.status) found.push(`status ${sim.status}, the real server ${other.status}`);
      for (const key of ['code', 'msg'] as const)
        if (other.status !== 200 && sim.body[key] !== other.body[key])
          found.push(`${key} ${JSON.stringify(sim.body[key])}, the real server ${JSON.stringify(other.body[key])}`);
      found.push(...shapeDrift(shapeOf(other.body), shapeOf(sim.body), step.ignore));
      expect(found).toEqual([]);
    },
  );
});
