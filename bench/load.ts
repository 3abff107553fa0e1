/**
 * Load: N concurrent simulated console users through one BFF process (demo mode: embedded chat simulator,
 * PGlite sessions and audit). Each signs in, then until the deadline browses users, opens a user, lists
 * channels, opens topics and reads messages, reloads the session, and edits a setting (their status), with a
 * think time between requests. Reports failed requests, latency percentiles and the BFF's memory (RSS).
 *
 * `npm run bench` runs five minutes (BENCH_LOAD_SECONDS); `BENCH_LOAD_SECONDS=30 npx tsx bench/load.ts` is the
 * short run (it was once part of the unit suite, where a busy machine made it fail on time alone).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { percentile, startStack } from './stack';

const PASSWORD = 'demo1234';
const CSRF = { 'x-realm-console': '1' };

export interface LoadOptions {
  users: number;
  durationMs: number;
  /** Think time between a user's requests, uniformly random in [min, max] ms. */
  thinkMs: [number, number];
  log?: (line: string) => void;
}

export interface LoadReport {
  users: number;
  seconds: number;
  requests: number;
  failed: number;
  failures: string[];
  /** Requests that took over 5 s (a few shown). */
  slow: string[];
  slowCount: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  signInMs: { p50: number; p95: number };
  rssMb: { start: number; afterSignIn: number; peak: number; end: number; growthSecondHalf: number };
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Math.round(Number(line.replace(/\D+/g, '')) / 1024);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every request of a run adds to: its latency, and its failure or slowness. */
interface LoadRecord {
  latencies: number[];
  signIns: number[];
  failures: string[];
  slow: string[];
  requests: number;
}

interface Person {
  user_id: number;
  delivery_email?: string | null;
  role: number;
  is_active: boolean;
  is_bot: boolean;
}

/** Who signs in: active humans, as the chat server lists them to an administrator. */
async function peopleToSignIn(svcUrl: string, users: number): Promise<Person[]> {
  const key = (await (
    await fetch(`${svcUrl}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin@demo.test', password: PASSWORD }),
    })
  ).json()) as { api_key: string };
  const auth = 'Basic ' + Buffer.from(`admin@demo.test:${key.api_key}`).toString('base64');
  const { members } = (await (await fetch(`${svcUrl}/api/v1/users`, { headers: { authorization: auth } })).json()) as {
    members: Person[];
  };
  // Sign-in addresses an administrator can see; no guests (they may not list groups, which every user does here).
  const people = members.filter((m) => m.is_active && !m.is_bot && m.delivery_email && m.role !== 600);
  if (people.length < users) throw new Error(`only ${people.length} users to sign in`);
  return people;
}

async function timedRequest(
  rec: LoadRecord,
  base: string,
  cookie: string,
  method: string,
  path: string,
  body?: string,
): Promise<unknown> {
  const started = performance.now();
  rec.requests++;
  try {
    const res = await fetch(base + path, {
      method,
      headers: {
        cookie,
        accept: 'application/json',
        ...(method === 'GET' ? {} : { ...CSRF, origin: base }),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    rec.latencies.push(ms);
    if (ms > 5_000) rec.slow.push(`${method} ${path.split('?')[0]}: ${Math.round(ms)} ms`);
    if (!res.ok) {
      rec.failures.push(`${method} ${path.split('?')[0]}: ${res.status} ${text.slice(0, 120)}`);
      return null;
    }
    return text ? (JSON.parse(text) as unknown) : null;
  } catch (error) {
    rec.failures.push(`${method} ${path.split('?')[0]}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** The session cookie, or null (recorded as a failure) when the sign-in fails. */
async function signInAs(rec: LoadRecord, base: string, email: string): Promise<string | null> {
  const started = performance.now();
  rec.requests++;
  try {
    const res = await fetch(`${base}/bff/session`, {
      method: 'POST',
      headers: { ...CSRF, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    await res.text();
    rec.signIns.push(performance.now() - started);
    rec.latencies.push(performance.now() - started);
    if (!res.ok) throw new Error(`sign-in ${res.status}`);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  } catch (error) {
    rec.failures.push(`sign-in ${email}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** One step of a user's round of eight; `streams` carries the subscriptions step 3 read to steps 4 and 5. */
async function userStep(
  call: (method: string, path: string, body?: string) => Promise<unknown>,
  step: number,
  state: { streams: { stream_id: number }[]; userIds: number[]; label: string },
): Promise<void> {
  const someStream = () => state.streams[Math.floor(Math.random() * state.streams.length)];
  switch (step % 8) {
    case 0:
      await call('GET', '/bff/session');
      return;
    case 1:
      await call('GET', '/bff/svc/users?client_gravatar=true&include_custom_profile_fields=true');
      return;
    case 2:
      await call('GET', `/bff/svc/users/${state.userIds[Math.floor(Math.random() * state.userIds.length)]}`);
      return;
    case 3: {
      const body = (await call('GET', '/bff/svc/users/me/subscriptions')) as {
        subscriptions?: { stream_id: number }[];
      } | null;
      state.streams = body?.subscriptions ?? state.streams;
      return;
    }
    case 4: {
      const stream = someStream();
      if (stream) await call('GET', `/bff/svc/users/me/${stream.stream_id}/topics`);
      else await call('GET', '/bff/svc/streams');
      return;
    }
    case 5: {
      const stream = someStream();
      const narrow = JSON.stringify(stream ? [{ operator: 'channel', operand: stream.stream_id }] : []);
      const q = new URLSearchParams({ anchor: 'newest', num_before: '50', num_after: '0', narrow });
      await call('GET', `/bff/svc/messages?${q}`);
      return;
    }
    case 6:
      // Edit a setting: the user's own status.
      await call(
        'POST',
        '/bff/svc/users/me/status',
        new URLSearchParams({ status_text: `load ${state.label} ${step + 1}`, away: 'false' }).toString(),
      );
      return;
    default:
      await call('GET', '/bff/svc/user_groups');
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => undefined);
  // Free ports for both embedded simulators, so a run never collides with another console on this machine.
  const stack = await startStack({ SIM_USERS: String(Math.max(300, options.users * 2)), SIM_PROXY_PORT: '0' });
  const base = stack.consoleUrl;
  const rec: LoadRecord = { latencies: [], signIns: [], failures: [], slow: [], requests: 0 };
  const rss: { at: number; mb: number }[] = [];
  const sampler = setInterval(() => rss.push({ at: Date.now(), mb: rssMb(stack.pid) }), 1_000);
  try {
    const start = rssMb(stack.pid);
    const people = await peopleToSignIn(stack.svcUrl, options.users);
    const userIds = people.map((m) => m.user_id);
    const think = () => sleep(options.thinkMs[0] + Math.random() * (options.thinkMs[1] - options.thinkMs[0]));
    const deadline = Date.now() + options.durationMs;

    async function virtualUser(i: number): Promise<void> {
      // Users arrive over the first few seconds, not all in the same millisecond.
      await sleep(Math.random() * Math.min(5_000, options.durationMs / 4));
      const cookie = await signInAs(rec, base, people[i]!.delivery_email!);
      if (cookie === null) return;
      const call = (method: string, path: string, body?: string) => timedRequest(rec, base, cookie, method, path, body);
      const state = { streams: [] as { stream_id: number }[], userIds, label: String(i) };
      let step = 0;
      while (Date.now() < deadline) {
        await think();
        if (Date.now() >= deadline) break;
        await userStep(call, step++, state);
      }
      await call('DELETE', '/bff/session');
    }

    const began = Date.now();
    const runs = Array.from({ length: options.users }, (_, i) => virtualUser(i));
    await sleep(Math.min(6_000, options.durationMs / 3));
    const afterSignIn = rssMb(stack.pid);
    log(`signed in: ${rec.signIns.length}/${options.users}, RSS ${afterSignIn} MB`);
    await Promise.all(runs);
    const seconds = (Date.now() - began) / 1000;
    const end = rssMb(stack.pid);
    return loadReport(options, rec, { began, seconds, start, afterSignIn, end, samples: rss });
  } finally {
    clearInterval(sampler);
    await stack.stop();
  }
}

function loadReport(
  options: LoadOptions,
  rec: LoadRecord,
  run: {
    began: number;
    seconds: number;
    start: number;
    afterSignIn: number;
    end: number;
    samples: { at: number; mb: number }[];
  },
): LoadReport {
  const { latencies, signIns, failures, slow, requests } = rec;
  const { seconds, start, afterSignIn, end, samples } = run;
  const half = run.began + options.durationMs / 2;
  const secondHalf = samples.filter((s) => s.at >= half);
  const growth = secondHalf.length ? secondHalf[secondHalf.length - 1]!.mb - secondHalf[0]!.mb : 0;
  return {
    users: options.users,
    seconds: Math.round(seconds),
    requests,
    failed: failures.length,
    failures: failures.slice(0, 20),
    slow: slow.slice(0, 10),
    slowCount: slow.length,
    requestsPerSecond: Math.round(requests / seconds),
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(Math.max(...latencies)),
    },
    signInMs: { p50: Math.round(percentile(signIns, 50)), p95: Math.round(percentile(signIns, 95)) },
    rssMb: { start, afterSignIn, peak: Math.max(start, ...samples.map((s) => s.mb)), end, growthSecondHalf: growth },
  };
}

async function main() {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
  const users = Number(process.env.BENCH_LOAD_USERS ?? 200);
  console.log(`load: ${users} users for ${seconds} s through one BFF…`);
  const report = await runLoad({ users, durationMs: seconds * 1000, thinkMs: [1_000, 3_000], log: console.log });
  console.log(JSON.stringify(report, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/load.json', JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2) + '\n');
  const problems = loadProblems(report);
  for (const problem of problems) console.log(`load: ${problem}`);
  if (problems.length > 0) process.exitCode = 1;
}

/** What a load run must show: no failed request, every user busy, and the whole process under a gigabyte. */
export function loadProblems(report: LoadReport): string[] {
  const problems: string[] = [];
  if (report.failed > 0) problems.push(`${report.failed} failed requests: ${report.failures.slice(0, 5).join('; ')}`);
  // Every user signed in and made requests: about one every two seconds each (think time 1–3 s).
  const expected = Math.floor((report.users * report.seconds) / 4);
  if (report.requests <= expected) problems.push(`${report.requests} requests, expected over ${expected}`);
  // The whole process (BFF, embedded chat and proxy simulators, PGlite) stays well under a gigabyte.
  if (report.rssMb.peak >= 1_024) problems.push(`peak RSS ${report.rssMb.peak} MB, budget 1024 MB`);
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void main();
}
