/**
 * Time to deactivate 500 users through the BFF's bulk engine against the chat simulator, at concurrency
 * 1, 4 and 8, with no added latency and with 20 ms per chat-server call (closer to a real network).
 * Not part of `npm test`. Run: npx tsx bench/bulk.ts
 */
import { createApp } from '../src/server/app';
import { bulkEngineFor } from '../src/server/bulk/routes';
import { loadConfig } from '../src/server/config';
import { createDeps } from '../src/server/deps';
import { CSRF_HEADER } from '../src/shared/bff/protocol';
import type { BulkPreview, BulkRun } from '../src/shared/bff/bulk';
import { createSvcSimulator, DEMO_PASSWORD } from '../src/sim/svc';

const ORIGIN = 'http://console.test';
const COUNT = 500;

function req(path: string, method = 'GET', body?: unknown, cookie?: string): Request {
  const headers = new Headers({ origin: ORIGIN, [CSRF_HEADER]: '1' });
  if (cookie) headers.set('cookie', cookie);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return new Request(ORIGIN + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function measure(concurrency: number, latencyMs: number): Promise<number> {
  const sim = createSvcSimulator({ generatedUsers: 700 });
  const config = { ...loadConfig({ LOG_REQUESTS: 'false' }), bulk: { concurrency } };
  const deps = createDeps(config, { svcUrl: 'http://sim.test', fetch: (r) => sim.fetch(r), log: () => undefined });
  const app = createApp(config, deps);
  try {
    const signIn = await app.request(
      req('/bff/session', 'POST', { email: 'admin@demo.test', password: DEMO_PASSWORD }),
    );
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const targets = sim.store.users
      .filter((u) => u.isActive && !u.isBot && u.role >= 300 && u.user_id > 9)
      .slice(0, COUNT)
      .map((u) => u.user_id);
    if (targets.length !== COUNT) throw new Error(`only ${targets.length} targets`);
    const preview = (await (
      await app.request(
        req('/bff/bulk/preview', 'POST', { action: { kind: 'deactivate', comment: null }, userIds: targets }, cookie),
      )
    ).json()) as BulkPreview;
    sim.control.setLatency(latencyMs);
    const started = performance.now();
    const run = (await (
      await app.request(
        req('/bff/bulk/runs', 'POST', { previewId: preview.previewId, confirmation: preview.confirmation }, cookie),
      )
    ).json()) as BulkRun;
    await bulkEngineFor(config, deps).settled(run.id);
    const elapsed = performance.now() - started;
    const done = (await (
      await app.request(req(`/bff/bulk/runs/${run.id}`, 'GET', undefined, cookie))
    ).json()) as BulkRun;
    if (done.counts.done !== COUNT) throw new Error(`run ended with ${JSON.stringify(done.counts)}`);
    return elapsed;
  } finally {
    await deps.hub.close();
    sim.close();
  }
}

for (const latency of [0, 20]) {
  for (const concurrency of [1, 4, 8]) {
    const ms = await measure(concurrency, latency);
    const line = `deactivate ${COUNT} users, latency ${latency} ms/call, concurrency ${concurrency}: ${(ms / 1000).toFixed(2)} s (${(COUNT / (ms / 1000)).toFixed(0)} rows/s)`;
    console.log(line);
  }
}
