/**
 * Live-sync figures (part of `npm run bench`): event-to-screen latency over many changes made straight
 * against the chat server, and how many concurrent SSE clients one BFF process holds, with its memory.
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { chromium } from '@playwright/test';
import { median, percentile, startStack } from './stack';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 120);
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1000);
const PER_SESSION = 8;
const PASSWORD = 'demo1234';

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Math.round(Number(line.replace(/\D+/g, '')) / 1024);
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/bff/session`, {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
    headers: { 'content-type': 'application/json', origin: base, 'x-realm-console': '1' },
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function main() {
  const stack = await startStack({ SIM_USERS: '300', SSE_MAX_PER_SESSION: String(PER_SESSION) });
  const base = stack.consoleUrl;
  const key = (await (
    await fetch(`${stack.svcUrl}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin@demo.test', password: PASSWORD }),
    })
  ).json()) as { api_key: string };
  const auth = 'Basic ' + Buffer.from(`admin@demo.test:${key.api_key}`).toString('base64');
  const users = (
    (await (await fetch(`${stack.svcUrl}/api/v1/users`, { headers: { authorization: auth } })).json()) as {
      members: { user_id: number; full_name: string; role: number; is_bot: boolean; is_active: boolean }[];
    }
  ).members;
  const target = users.find((u) => u.role === 400 && !u.is_bot && u.is_active && u.user_id > 20)!;

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const latencies: number[] = [];
  let rssIdle: number;
  let rssLoaded: number;
  let held: number;
  let fanOutMs: number;
  try {
    const page = await browser.newPage();
    await page.request.post(`${base}/bff/session`, {
      data: { email: 'admin@demo.test', password: PASSWORD },
      headers: { origin: base, 'x-realm-console': '1' },
    });
    await page.goto(`${base}/users?q=${encodeURIComponent(target.full_name)}`);
    await page.getByLabel('Live updates: Live').waitFor({ timeout: 15_000 });
    await page.getByRole('row', { name: new RegExp(target.full_name) }).waitFor();
    for (let i = 0; i < CHANGES + 5; i++) {
      const role = i % 2 === 0 ? 300 : 400;
      const label = role === 300 ? 'Moderator' : 'Member';
      const t0 = performance.now();
      await fetch(`${stack.svcUrl}/api/v1/users/${target.user_id}`, {
        method: 'PATCH',
        headers: { authorization: auth },
        body: new URLSearchParams({ role: String(role) }),
      });
      await page.waitForFunction(
        `[...document.querySelectorAll('[role="row"]')].some((r) => r.textContent.includes(${JSON.stringify(target.full_name)}) && r.textContent.includes(${JSON.stringify(label)}))`,
        undefined,
        { polling: 'raf', timeout: 5_000 },
      );
      if (i >= 5) latencies.push(performance.now() - t0);
    }
    await page.close();

    // Concurrent SSE clients: PER_SESSION tabs for each of SSE_CLIENTS / PER_SESSION sessions.
    rssIdle = rssMb(stack.pid);
    const sessions = Math.ceil(SSE_CLIENTS / PER_SESSION);
    const cookies: string[] = [];
    for (let i = 0; i < sessions; i++) cookies.push(await signIn(base, 'member@demo.test'));
    const controllers: AbortController[] = [];
    const readers: Promise<void>[] = [];
    let ready = 0;
    let got = 0;
    let resolveAll: () => void = () => undefined;
    const allGot = new Promise<void>((r) => (resolveAll = r));
    for (let i = 0; i < SSE_CLIENTS; i++) {
      const controller = new AbortController();
      controllers.push(controller);
      const res = await fetch(`${base}/bff/events`, {
        headers: { cookie: cookies[Math.floor(i / PER_SESSION)]!, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (res.status !== 200 || !res.body) continue;
      ready++;
      const reader = res.body.getReader();
      readers.push(
        (async () => {
          const decoder = new TextDecoder();
          let seen = false;
          try {
            for (;;) {
              const { value, done } = await reader.read();
              if (done) return;
              if (!seen && decoder.decode(value).includes('event: svc')) {
                seen = true;
                if (++got === ready) resolveAll();
              }
            }
          } catch {
            // Aborted at the end.
          }
        })(),
      );
    }
    held = ready;
    await new Promise((r) => setTimeout(r, 2_000));
    rssLoaded = rssMb(stack.pid);
    const t0 = performance.now();
    await fetch(`${stack.svcUrl}/api/v1/users/${target.user_id}`, {
      method: 'PATCH',
      headers: { authorization: auth },
      body: new URLSearchParams({ full_name: 'Fan Out Check' }),
    });
    await Promise.race([allGot, new Promise((r) => setTimeout(r, 20_000))]);
    fanOutMs = performance.now() - t0;
    for (const c of controllers) c.abort();
    await Promise.allSettled(readers);
  } finally {
    await browser.close();
    stack.stop();
  }

  const results = {
    date: new Date().toISOString(),
    eventToScreenMs: {
      median: Math.round(median(latencies)),
      p95: Math.round(percentile(latencies, 95)),
      changes: latencies.length,
    },
    sse: {
      clientsRequested: SSE_CLIENTS,
      clientsHeld: held,
      rssIdleMb: rssIdle,
      rssLoadedMb: rssLoaded,
      fanOutAllMs: Math.round(fanOutMs),
    },
  };
  mkdirSync('bench/results', { recursive: true });
  const file = 'bench/results/latest.json';
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...previous, live: results }, null, 2));
  console.table({
    [`event → screen, ${latencies.length} changes (ms, p50)`]: { value: results.eventToScreenMs.median },
    'event → screen (ms, p95)': { value: results.eventToScreenMs.p95 },
    'SSE clients held': { value: held },
    'BFF RSS before SSE load (MB)': { value: rssIdle },
    [`BFF RSS with ${held} SSE clients (MB)`]: { value: rssLoaded },
    [`one event to all ${held} clients (ms)`]: { value: results.sse.fanOutAllMs },
  });
}

void main();
