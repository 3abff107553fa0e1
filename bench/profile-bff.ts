/**
 * A CPU profile of the BFF under the throughput load of `npm run bench` (bench/run.ts, networkRows): 50
 * connections in a closed loop on GET /bff/svc/users/me, the simulator in its own process. Not part of
 * `npm run bench`: run it by hand (`npx tsx bench/profile-bff.ts`) when a budget on the hop is in question.
 *
 * Writes the V8 profile (node --cpu-prof) to bench/results/profiles/ and prints where the BFF's CPU time went:
 * self time by function and by place (the project's files, each package, Node's internals, GC, idle).
 * Environment: BENCH_PROFILE_SECONDS (10), BENCH_PROFILE_PATH (the request, default users/me),
 * BENCH_PROFILE_INCLUSIVE=1 (also the time spent in each function and what it called).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { round } from './report';
import { adminAuth, startBareProxy, startSeparateStack } from './stack';

const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const PATH = process.env.BENCH_PROFILE_PATH ?? 'users/me';
const DIR = resolve('bench/results/profiles');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, the project's own file, Node's internals, or V8's own entries. */
function place(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/(src\/.+|bench\/.+)$/.exec(url);
  return own ? own[1]! : url;
}

/** Monotonic µs, the clock V8's profiler stamps its samples with (CLOCK_MONOTONIC on Linux, shared by processes). */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** Self time by function and by place, of the samples taken between `from` and `to` (monotonic µs). */
function summarize(profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Self time per node from the samples and the time between them (µs).
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nameOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${place(url, functionName)}${url ? `:${lineNumber + 1}` : ''}`;
  };
  const fns = new Map<string, number>();
  const places = new Map<string, number>();
  // Inclusive: each sample counts once for every function on its stack (recursion counted once).
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url } = byId.get(id)!.callFrame;
    const where = place(url, functionName);
    fns.set(nameOf(id), (fns.get(nameOf(id)) ?? 0) + us);
    places.set(where, (places.get(where) ?? 0) + us);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) onStack.add(nameOf(at));
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, ms: round(us / 1000), share: `${round((100 * us) / total)} %` }));
  return {
    totalMs: round(total / 1000),
    places: top(places, 25),
    functions: top(fns, 40),
    inclusive: top(inclusive, 60),
  };
}

/** CPU ms (user + system, from /proc) of this process's children, by the script each runs. */
function childCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const script = /(bench\/[\w-]+\.ts|src\/server\/main\.ts)/.exec(cmdline)?.[1];
      if (script) out.set(script, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // Exited while read.
    }
  }
  const own = process.cpuUsage();
  out.set('load generator (this process)', (own.user + own.system) / 1000);
  return out;
}

/** 50 connections in a closed loop on `url` for `seconds` (after a 2 s warm-up); the window in monotonic µs. */
async function load(url: string, headers: Record<string, string>, seconds: number) {
  const loop = async (until: number, count: boolean) => {
    let ok = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (performance.now() < until) {
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          if (res.ok && count) ok++;
        }
      }),
    );
    return ok;
  };
  // The first requests compile the routes' code: not what a long-running BFF spends its time on.
  await loop(performance.now() + 2000, false);
  const before = childCpu();
  const from = nowUs();
  const done = await loop(performance.now() + seconds * 1000, true);
  const to = nowUs();
  const after = childCpu();
  // The CPU each process spent per request: on a machine whose cores are all busy, what bounds throughput.
  const perRequest = [...after].map(([name, ms]) => ({
    process: name,
    'CPU ms': round(ms - (before.get(name) ?? 0)),
    'µs per request': round((1000 * (ms - (before.get(name) ?? 0))) / done),
  }));
  return { from, to, done, perRequest };
}

function profileOf(dir: string, pid?: number): Profile {
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: the main thread (0) only, not a worker's.
  const files = readdirSync(dir).filter((f) => {
    const name = /^CPU\.\d+\.\d+\.(\d+)\.(\d+)\.\d+\.cpuprofile$/.exec(f);
    return name !== null && name[2] === '0' && (pid === undefined || Number(name[1]) === pid);
  });
  if (files.length !== 1) throw new Error(`expected one profile${pid ? ` of pid ${pid}` : ''} in ${dir}`);
  return JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')) as Profile;
}

function report(
  label: string,
  profile: Profile,
  window: { from: number; to: number; done: number; perRequest: Record<string, string | number>[] },
) {
  if (profile.startTime > window.from || profile.endTime < window.to) throw new Error(`${label}: window not covered`);
  const summary = summarize(profile, window.from, window.to);
  const idle = summary.places.find((p) => p.name === '(idle)')?.ms ?? 0;
  const busy = summary.totalMs - idle;
  console.log(
    `\n== ${label}: ${window.done} requests in ${SECONDS} s (${round(window.done / SECONDS)} req/s); ` +
      `busy ${round(busy)} ms of ${summary.totalMs} ms sampled = ${round((1000 * busy) / window.done)} µs CPU per request`,
  );
  console.table(window.perRequest);
  console.table(summary.places.slice(0, 15));
  console.table(summary.functions.slice(0, 25));
  if (process.env.BENCH_PROFILE_INCLUSIVE) console.table(summary.inclusive);
  return { busy, done: window.done, summary };
}

async function main() {
  rmSync(DIR, { recursive: true, force: true });
  const bffDir = join(DIR, 'bff');
  const bareDir = join(DIR, 'bare');
  mkdirSync(bffDir, { recursive: true });
  mkdirSync(bareDir, { recursive: true });
  const stack = await startSeparateStack({
    SIM_USERS: '300',
    STATIC_DIR: process.env.BENCH_DIST ?? 'dist',
    // The simulator's process gets it too: its profile is written beside the BFF's and told apart by pid.
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${bffDir}`,
  });
  let bff;
  let bare;
  try {
    const signIn = await fetch(`${stack.consoleUrl}/bff/session`, {
      method: 'POST',
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
      headers: { 'content-type': 'application/json', origin: stack.consoleUrl, 'x-realm-console': '1' },
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    bff = await load(`${stack.consoleUrl}/bff/svc/${PATH}`, { cookie }, SECONDS);
    // The floor of any hop (bench/bare-proxy.ts), in front of the same simulator, profiled the same way.
    process.env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${bareDir}`;
    const proxy = await startBareProxy(stack.svcUrl, await adminAuth(stack.svcUrl));
    delete process.env.NODE_OPTIONS;
    try {
      bare = await load(`${proxy.url}/${PATH}`, {}, SECONDS);
    } finally {
      await proxy.stop();
    }
  } finally {
    await stack.stop();
  }
  const b = report(`BFF, GET /bff/svc/${PATH}`, profileOf(bffDir, stack.pid), bff);
  const p = report(`bare proxy, GET /${PATH}`, profileOf(bareDir), bare);
  console.log(
    `\nCPU per request: BFF ${round((1000 * b.busy) / b.done)} µs, bare proxy ${round((1000 * p.busy) / p.done)} µs ` +
      `(${round(b.busy / b.done / (p.busy / p.done), 2)}×); profiles in ${DIR}`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
