import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPooledTransport,
  type PooledTransport,
  type TransportRequest,
  type TransportResponse,
} from './upstream-http';

interface Seen {
  method: string;
  url: string;
  port: number;
  headers: IncomingMessage['headers'];
  body: string;
}

const open: { server: Server; transport: PooledTransport }[] = [];

afterEach(async () => {
  for (const { server, transport } of open.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await transport.close();
  }
});

/** A loopback server whose every request is handled by `handle`; returns what it received. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void, basePath = '', connections?: number) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, port: req.socket.remotePort!, headers: req.headers, body });
      handle(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const transport = createPooledTransport(`http://127.0.0.1:${port}${basePath}`, connections ? { connections } : {});
  open.push({ server, transport });
  return { seen, send: transport.send };
}

const get = (over: Partial<TransportRequest> = {}): TransportRequest => ({
  method: 'GET',
  path: '/api/v1/users/me',
  headers: { accept: 'application/json' },
  body: null,
  timeoutMs: 2_000,
  ...over,
});

/** Status and text of an answer, after checking that its bytes are the text's UTF-8. */
async function read(answer: Promise<TransportResponse>) {
  const { status, text, bytes } = await answer;
  expect(Buffer.from(bytes).equals(Buffer.from(text, 'utf8'))).toBe(true);
  return { status, text };
}

const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

describe('createPooledTransport', () => {
  it('sends method, path (under the base URL’s path), headers and body; answers status and text', async () => {
    const { seen, send } = await serve(json(201, { ok: true }), '/chat/');
    const answer = await read(
      send(
        get({
          method: 'POST',
          path: '/api/v1/messages?x=1',
          headers: { authorization: 'Basic abc', 'content-type': 'application/x-www-form-urlencoded' },
          body: 'content=hi',
        }),
      ),
    );
    expect(answer).toEqual({ status: 201, text: '{"ok":true}' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/chat/api/v1/messages?x=1', body: 'content=hi' });
    expect(seen[0]!.headers).toMatchObject({ authorization: 'Basic abc', 'accept-encoding': 'gzip, deflate, br' });
  });

  it('passes error statuses and any body on unchanged (the caller judges them)', async () => {
    const { send } = await serve((_req, res) => res.writeHead(503).end('<html>down</html>'));
    expect(await read(send(get()))).toEqual({ status: 503, text: '<html>down</html>' });
  });

  it('keeps connections open for the next calls', async () => {
    const { seen, send } = await serve(json(200, {}));
    for (let i = 0; i < 6; i++) await send(get());
    expect(seen).toHaveLength(6);
    // undici's pool may open a second connection while the first is being released; never one per call.
    expect(new Set(seen.map((s) => s.port)).size).toBeLessThanOrEqual(2);
  });

  it('decodes a compressed answer', async () => {
    const { send } = await serve((_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('{"result":"success"}')),
    );
    expect(await read(send(get()))).toEqual({ status: 200, text: '{"result":"success"}' });
  });

  it('keeps a large answer that arrives in many chunks byte for byte, multi-byte characters included', async () => {
    const body = JSON.stringify({ names: Array.from({ length: 4000 }, (_, i) => `Zoë Ångström ${i} 😀`) });
    const { send } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const bytes = Buffer.from(body, 'utf8');
      // Split inside characters too: a chunk boundary must not corrupt the text or the bytes.
      for (let at = 0; at < bytes.length; at += 4093) res.write(bytes.subarray(at, at + 4093));
      res.end();
    });
    expect(await read(send(get()))).toEqual({ status: 200, text: body });
  });

  it('reads deflate with or without the zlib wrapper', async () => {
    for (const encode of [deflateSync, deflateRawSync]) {
      const { send } = await serve((_req, res) =>
        res.writeHead(200, { 'content-encoding': 'deflate' }).end(encode('{"n":1}')),
      );
      expect((await read(send(get()))).text).toBe('{"n":1}');
    }
  });

  it('fails on an encoding it cannot read', async () => {
    const { send } = await serve((_req, res) => res.writeHead(200, { 'content-encoding': 'zstd' }).end('x'));
    await expect(send(get())).rejects.toThrow(/content-encoding/);
  });

  it('times out when the headers are late, without waiting for them', async () => {
    // The headers come only after the call has settled: a transport that waited for them would never settle.
    const late: (() => void)[] = [];
    const { send } = await serve((req, res) => late.push(() => json(200, {})(req, res)));
    await expect(send(get({ timeoutMs: 100 }))).rejects.toMatchObject({ name: 'TimeoutError' });
    for (const answer of late) answer();
  });

  it('times out when the body stalls after the headers (the deadline covers the whole exchange)', async () => {
    const { send } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"result":');
    });
    await expect(send(get({ timeoutMs: 150 }))).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('outlasts the usual deadline when the call asks for longer (long polls)', async () => {
    const { send } = await serve((req, res) => setTimeout(() => json(200, { events: [] })(req, res), 300));
    expect((await send(get({ timeoutMs: 2_000 }))).status).toBe(200);
  });

  it('stops at once when the caller aborts, with the caller’s reason, and drops the connection', async () => {
    let closed = false;
    const { send } = await serve((req, res) => {
      res.on('close', () => (closed = true));
      setTimeout(() => json(200, {})(req, res), 5_000);
    });
    const controller = new AbortController();
    const call = send(get({ signal: controller.signal, timeoutMs: 10_000 }));
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => closed).toBe(true);
  });

  it('never sends a call whose signal is already aborted', async () => {
    const { seen, send } = await serve(json(200, {}), '', 1);
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(send(get({ signal: controller.signal }))).rejects.toThrow('gone');
    // One connection, first in first out: had the aborted call been sent, it would have arrived before this one.
    await send(get({ path: '/after' }));
    expect(seen.filter((s) => s.url !== '/after')).toHaveLength(0);
  });

  it('drops a queued call that is aborted before a connection is free', async () => {
    const { seen, send } = await serve(
      (req, res) => setTimeout(() => json(200, { url: req.url })(req, res), 200),
      '',
      1,
    );
    const first = send(get({ path: '/first' }));
    const controller = new AbortController();
    const queued = send(get({ path: '/queued', signal: controller.signal }));
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    expect((await first).status).toBe(200);
    // The one connection is free again: a queued call still alive would be sent before this one.
    await send(get({ path: '/after' }));
    expect(seen.map((s) => s.url).filter((url) => url !== '/after')).toEqual(['/first']);
  });

  it('fails (not a timeout) when the server resets the connection', async () => {
    const { send } = await serve((req) => req.socket.destroy());
    const error = await send(get()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).not.toBe('TimeoutError');
  });

  it('fails when nothing listens', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const transport = createPooledTransport(`http://127.0.0.1:${port}`);
    await expect(transport.send(get())).rejects.toBeInstanceOf(Error);
    await transport.close();
  });
});
