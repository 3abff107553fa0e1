import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { BFF_BODY_LIMITS, BODY_TOO_LARGE, bffBodyLimits, DEFAULT_BFF_BODY_LIMIT } from '../middleware/body-limits';
import { closeHarnesses, consoleRequest, setupHarness, signIn } from './harness';

afterEach(closeHarnesses);

/** A body of `bytes` that is produced only as it is read, and says how much of it was. */
function countedStream(bytes: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const next = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      sent += next.length;
      controller.enqueue(next);
    },
  });
  return { stream, read: () => sent };
}

const envelope = async (res: Response) => (await res.json()) as { result: string; code: string; msg: string };

describe('request bodies are bounded on every /bff route, before any other work', () => {
  it('a 100 MB sign-in body is refused with 413 and the envelope after reading at most the limit', async () => {
    const h = setupHarness();
    const body = countedStream(100 * 1024 * 1024);
    const res = await h.app.request(
      consoleRequest('/bff/session', '', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body.stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await envelope(res)).toMatchObject({ result: 'error', code: BODY_TOO_LARGE });
    // The limit plus what the streams buffer ahead: a few chunks, not 100 MB.
    expect(body.read()).toBeLessThanOrEqual(256 * 1024);
    // Nothing went upstream for it.
    expect(h.apiCalls()).toEqual([]);
  });

  it('a declared Content-Length over the limit is refused without reading the body, even before the CSRF check', async () => {
    const h = setupHarness();
    const body = countedStream(100 * 1024 * 1024);
    const res = await h.app.request(
      new Request('http://console.test/bff/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
        body: body.stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(body.read()).toBeLessThanOrEqual(64 * 1024);
  });

  it('each area has its own limit: just under passes to the route, just over is 413', async () => {
    const h = setupHarness();
    const cookie = await signIn(h, 'admin@demo.test');
    const areas: [path: string, limit: number][] = [
      ...BFF_BODY_LIMITS.map(([prefix, bytes]) => [`${prefix.replace(/\/$/, '')}/x`, bytes] as [string, number]),
      ['/bff/audit', DEFAULT_BFF_BODY_LIMIT],
      ['/bff/nowhere', DEFAULT_BFF_BODY_LIMIT],
    ];
    for (const [path, limit] of areas) {
      const over = await h.app.request(consoleRequest(path, cookie, { method: 'POST', body: 'a'.repeat(limit + 1) }));
      expect(over.status, path).toBe(413);
      const under = await h.app.request(consoleRequest(path, cookie, { method: 'POST', body: 'a'.repeat(limit) }));
      expect(under.status, path).not.toBe(413);
    }
  });

  it('the webhook receiver uses the same mechanism, with its own code and limit', async () => {
    const h = setupHarness({ env: { WEBHOOK_MAX_BODY_KB: '1' } });
    const res = await h.app.request(
      new Request('http://console.test/hooks/outgoing/unknown', { method: 'POST', body: 'a'.repeat(1025) }),
    );
    expect(res.status).toBe(413);
    expect((await envelope(res)).code).toBe('WEBHOOK_PAYLOAD_TOO_LARGE');
  });
});

describe('over a real socket (@hono/node-server)', () => {
  it('a request without a body skips the check; a declared or chunked body over the limit is still refused', async () => {
    const app = new Hono();
    app.use('*', bffBodyLimits());
    app.all('*', async (c) => c.text(`read ${(await c.req.text()).length}`));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const get = await fetch(`${base}/bff/svc/users/me`);
      expect(await get.text()).toBe('read 0');
      const small = await fetch(`${base}/bff/session`, { method: 'POST', body: 'a'.repeat(100) });
      expect(await small.text()).toBe('read 100');
      const declared = await fetch(`${base}/bff/session`, {
        method: 'POST',
        body: 'a'.repeat(DEFAULT_BFF_BODY_LIMIT + 1),
      });
      expect(declared.status).toBe(413);
      // A streamed body goes chunked (no Content-Length): counted as it is read.
      const chunked = await fetch(`${base}/bff/session`, {
        method: 'POST',
        body: countedStream(DEFAULT_BFF_BODY_LIMIT * 4).stream,
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
    } finally {
      server.close();
    }
  });
});
