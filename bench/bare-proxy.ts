/**
 * The floor of any proxy hop, for the network figures: a bare reverse proxy in a process of its own, with
 * what a BFF cannot do without (node:http in front, one keep-alive undici Pool to the simulator, the
 * upstream credential added on the way) and nothing else (no session, no checks, no headers of its own).
 * `GET /<path>` is forwarded to `SVC_URL/api/v1/<path>` with BARE_AUTH as its authorization; the answer's
 * status, content type and bytes come back. Prints `PROXY_READY <url>`. Started by run.ts (networkRows).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const upstream = new URL(process.env.SVC_URL ?? '');
const authorization = process.env.BARE_AUTH ?? '';
const pool = new Pool(upstream.origin, { allowH2: false });

const server = createServer((req, res) => {
  pool
    .request({ method: 'GET', path: `/api/v1${req.url ?? '/'}`, headers: { authorization } })
    .then(async (answer) => {
      const body = Buffer.from(await answer.body.arrayBuffer());
      res.writeHead(answer.statusCode, {
        'content-type': String(answer.headers['content-type'] ?? 'application/json'),
        'content-length': body.byteLength,
      });
      res.end(body);
    })
    .catch(() => {
      res.writeHead(502).end();
    });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`PROXY_READY http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.close().then(() => process.exit(0));
});
