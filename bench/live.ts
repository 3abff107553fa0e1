/**
 * Live-sync figures (part of `npm run bench`): event-to-screen latency over many changes made straight
 * against the chat server, compared with the same event arriving on a raw SSE client of the BFF; how many
 * concurrent SSE clients one BFF process holds, with its memory; and the SPA's JS heap after a navigation
 * loop in the live realm (BENCH_SOAK_MINUTES, default 2; the figure is 30) vs after first load.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { chromium, type Page } from '@playwright/test';
import { printAll, ratio, recordSection, round, stats, type Row } from './report';
import { adminAuth, median, percentile, readEventStream, startStack } from './stack';
import { codeBytes, heapSummary, retainedSince, topGrowth, usedHeapAfterGc, type HeapSummary } from './heap-snapshot';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 120);
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1000);
const PER_SESSION = 8;
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 2);
const PASSWORD = 'demo1234';
/** The build served (BENCH_DIST, as in run.ts). */
const STATIC_DIR = process.env.BENCH_DIST ?? 'dist';

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

type SoakResult = Awaited<ReturnType<typeof soak>>;

function heapRows(heap: SoakResult): Row[] {
  const MB = (bytes: number) => round(bytes / 1048576, 1);
  const dataFirst = heap.first - heap.codeFirst;
  const dataAfter = heap.after - heap.codeAfter;
  return [
    {
      figure: `SPA JS heap after ${SOAK_MINUTES} min of navigation (live realm)`,
      unit: 'MB',
      value: MB(heap.after),
      floor: { label: 'after first load', value: MB(heap.first) },
      ratio: ratio(heap.after, heap.first),
      budget: '≤ 1.5×',
      pass: heap.after <= 1.5 * heap.first,
      note: `of which compiled code ${MB(heap.codeFirst)} → ${MB(heap.codeAfter)} MB`,
    },
    {
      // The leak check: what the heap holds besides V8's code for the functions the visited pages ran
      // (bytecode, baseline and optimized machine code, feedback), which grows with every page first visited.
      figure: `SPA JS heap without compiled code, after ${SOAK_MINUTES} min`,
      unit: 'MB',
      value: MB(dataAfter),
      floor: { label: 'after first load', value: MB(dataFirst) },
      ratio: ratio(dataAfter, dataFirst),
      budget: 'report (leak check)',
      pass: null,
    },
    {
      // Every page's code and cached data are in the heap once each page has been visited; what grows after
      // that first round is what the console keeps and should not.
      figure: `SPA JS heap after ${SOAK_MINUTES} min vs after one round of every page`,
      unit: 'MB',
      value: MB(heap.after),
      floor: { label: 'after one round', value: MB(heap.warm) },
      ratio: ratio(heap.after, heap.warm),
      budget: '≤ 1.1× (no growth)',
      pass: heap.after <= 1.1 * heap.warm,
      note: `compiled code ${MB(heap.codeWarm)} → ${MB(heap.codeAfter)} MB`,
    },
    {
      // The three-snapshot leak check: allocations of the soak's first half (after the warm round) that the
      // page still holds at the end. Pages, their data and caches replaced since are gone; what stays is kept
      // for good. V8's allocation-site boilerplates (compilation metadata) are counted apart.
      figure: `JS objects allocated in the soak's first half and still held after ${SOAK_MINUTES} min`,
      unit: 'objects',
      value: heap.retained.count,
      budget: 'report (leak check)',
      pass: null,
      note: `${Math.round(heap.retained.bytes / 1024)} KB over ${heap.rounds} rounds; V8 metadata apart: ${heap.retained.v8MetadataCount}; most: ${heap.retained.groups[0]?.held ?? '—'} (${heap.retained.groups[0]?.count ?? 0})`,
    },
    {
      figure: `SPA JS heap without compiled code, after ${SOAK_MINUTES} min vs after one round`,
      unit: 'MB',
      value: MB(dataAfter),
      floor: { label: 'after one round', value: MB(heap.warm - heap.codeWarm) },
      ratio: ratio(dataAfter, heap.warm - heap.codeWarm),
      budget: '≤ 1.1× (no growth)',
      pass: dataAfter <= 1.1 * (heap.warm - heap.codeWarm),
    },
  ];
}

/** BENCH_ONLY=soak: the heap soak alone (e.g. the full 30 minutes), recorded as its own section. */
async function soakOnly() {
  const stack = await startStack({ SIM_USERS: '300', STATIC_DIR });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const auth = await adminAuth(stack.svcUrl);
    const target = await someMember(stack.svcUrl, auth);
    const heap = await soak(browser.newPage.bind(browser), stack.consoleUrl, stack.svcUrl, auth, target.user_id);
    recordSection('soak', heapRows(heap), {
      heapSamplesMb: heap.samples.map((b) => round(b / 1048576, 1)),
      soakMinutes: SOAK_MINUTES,
      growthFirstToWarm: heap.growthFirstToWarm,
      growthWarmToAfter: heap.growthWarmToAfter,
      retained: heap.retained,
    });
    console.log('\nheap growth, first load → one round of every page (KB):');
    console.table(heap.growthFirstToWarm);
    console.log(`heap growth, one round → after ${SOAK_MINUTES} min (KB):`);
    console.table(heap.growthWarmToAfter);
    console.log('allocated in the first half, still held at the end (what holds them):');
    console.table(heap.retained.groups);
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.exit(0);
}

async function someMember(svcUrl: string, auth: string) {
  const users = (
    (await (await fetch(`${svcUrl}/api/v1/users`, { headers: { authorization: auth } })).json()) as {
      members: { user_id: number; full_name: string; role: number; is_bot: boolean; is_active: boolean }[];
    }
  ).members;
  return users.find((u) => u.role === 400 && !u.is_bot && u.is_active && u.user_id > 20)!;
}

type Member = Awaited<ReturnType<typeof someMember>>;

async function main() {
  if (process.env.BENCH_ONLY === 'soak') return soakOnly();
  const stack = await startStack({ SIM_USERS: '300', SSE_MAX_PER_SESSION: String(PER_SESSION), STATIC_DIR });
  const base = stack.consoleUrl;
  const auth = await adminAuth(stack.svcUrl);
  const target = await someMember(stack.svcUrl, auth);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let screen: Awaited<ReturnType<typeof eventToScreen>>;
  let fanOut: Awaited<ReturnType<typeof sseFanOut>>;
  let heap: SoakResult | null;
  try {
    screen = await eventToScreen(await browser.newPage(), base, stack.svcUrl, auth, target);
    fanOut = await sseFanOut(base, stack, auth, target);
    heap = await soak(browser.newPage.bind(browser), base, stack.svcUrl, auth, target.user_id);
  } finally {
    await browser.close();
    await stack.stop();
  }

  const rows = liveRows(screen, fanOut);
  if (heap) rows.push(...heapRows(heap));
  recordSection('live', rows, {
    sse: {
      clientsRequested: SSE_CLIENTS,
      clientsHeld: fanOut.held,
      rssIdleMb: fanOut.rssIdle,
      rssLoadedMb: fanOut.rssLoaded,
      fanOutAllMs: Math.round(fanOut.fanOutMs),
    },
    heapSamplesMb: heap?.samples.map((b) => round(b / 1048576, 1)),
    soakMinutes: SOAK_MINUTES,
  });
  printAll();
  process.exit(0);
}

/**
 * The floor: a raw SSE client of the BFF, noting when an event about `userId` arrives after `expect()` (the moment
 * the BFF has it out).
 */
async function rawSseWatch(base: string, userId: number) {
  const floorCookie = await signIn(base, 'admin@demo.test');
  const abort = new AbortController();
  const sse = await fetch(`${base}/bff/events`, {
    headers: { cookie: floorCookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const watch = {
    seenAt: 0,
    waiting: false,
    expect() {
      watch.seenAt = 0;
      watch.waiting = true;
    },
    stop: () => abort.abort(),
  };
  void readEventStream(sse.body!, (text) => {
    if (watch.waiting && text.includes('event: svc') && text.includes(String(userId))) {
      watch.seenAt = performance.now();
      watch.waiting = false;
    }
  });
  return watch;
}

/** Role changes made straight against the chat server, timed to the users page showing them and to the raw SSE. */
async function eventToScreen(page: Page, base: string, svcUrl: string, auth: string, target: Member) {
  const latencies: number[] = [];
  const sseLatencies: number[] = [];
  await page.request.post(`${base}/bff/session`, {
    data: { email: 'admin@demo.test', password: PASSWORD },
    headers: { origin: base, 'x-realm-console': '1' },
  });
  await page.goto(`${base}/users?q=${encodeURIComponent(target.full_name)}`);
  await page.getByLabel('Live updates: Live').waitFor({ timeout: 15_000 });
  await page.getByRole('row', { name: new RegExp(target.full_name) }).waitFor();
  const sse = await rawSseWatch(base, target.user_id);
  await new Promise((r) => setTimeout(r, 500));
  for (let i = 0; i < CHANGES + 5; i++) {
    const role = i % 2 === 0 ? 300 : 400;
    const label = role === 300 ? 'Moderator' : 'Member';
    sse.expect();
    const t0 = performance.now();
    await fetch(`${svcUrl}/api/v1/users/${target.user_id}`, {
      method: 'PATCH',
      headers: { authorization: auth },
      body: new URLSearchParams({ role: String(role) }),
    });
    // A function, not a string: the console's CSP forbids the eval a string predicate needs.
    await page.waitForFunction(
      ([name, text]) =>
        [...document.querySelectorAll('[role="row"]')].some(
          (r) => r.textContent?.includes(name) && r.textContent.includes(text),
        ),
      [target.full_name, label] as const,
      { polling: 'raf', timeout: 5_000 },
    );
    const seen = performance.now() - t0;
    if (i >= 5) {
      latencies.push(seen);
      if (sse.seenAt) sseLatencies.push(sse.seenAt - t0);
    }
  }
  sse.stop();
  await page.close();
  return { latencies, sseLatencies };
}

/** Opens an SSE stream; resolves with its body once it answers 200, null when refused. */
async function openEventStream(base: string, cookie: string, signal: AbortSignal) {
  const res = await fetch(`${base}/bff/events`, { headers: { cookie, accept: 'text/event-stream' }, signal });
  return res.status === 200 && res.body ? res.body : null;
}

/** Concurrent SSE clients: PER_SESSION tabs for each of SSE_CLIENTS / PER_SESSION sessions, and one event to all. */
async function sseFanOut(base: string, stack: { pid: number; svcUrl: string }, auth: string, target: Member) {
  const rssIdle = rssMb(stack.pid);
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
    const body = await openEventStream(base, cookies[Math.floor(i / PER_SESSION)]!, controller.signal);
    if (!body) continue;
    ready++;
    let seen = false;
    readers.push(
      readEventStream(body, (text) => {
        if (seen || !text.includes('event: svc')) return;
        seen = true;
        if (++got === ready) resolveAll();
      }),
    );
  }
  await new Promise((r) => setTimeout(r, 2_000));
  const rssLoaded = rssMb(stack.pid);
  const t0 = performance.now();
  await fetch(`${stack.svcUrl}/api/v1/users/${target.user_id}`, {
    method: 'PATCH',
    headers: { authorization: auth },
    body: new URLSearchParams({ full_name: 'Fan Out Check' }),
  });
  await Promise.race([allGot, new Promise((r) => setTimeout(r, 20_000))]);
  const fanOutMs = performance.now() - t0;
  for (const c of controllers) c.abort();
  await Promise.allSettled(readers);
  return { rssIdle, rssLoaded, held: ready, sseFailed: SSE_CLIENTS - ready, fanOutMs };
}

function liveRows(
  screen: { latencies: number[]; sseLatencies: number[] },
  fanOut: { rssIdle: number; rssLoaded: number; held: number; sseFailed: number; fanOutMs: number },
): Row[] {
  const { latencies, sseLatencies } = screen;
  const addedP50 = median(latencies) - median(sseLatencies);
  return [
    {
      figure: `event → screen (${latencies.length} changes through the chat API)`,
      unit: 'ms',
      value: stats(latencies),
      floor: { label: 'same event on a raw BFF SSE client', value: stats(sseLatencies) },
      ratio: ratio(median(latencies), median(sseLatencies)),
      budget: 'p95 ≤ 1000 ms, added p50 ≤ 50 ms',
      pass: percentile(latencies, 95) <= 1000 && addedP50 <= 50,
      note: `added p50 ${round(addedP50)} ms`,
    },
    {
      figure: `event → screen: added p50 (screen − SSE)`,
      unit: 'ms',
      value: round(addedP50),
      budget: '≤ 50 ms',
      pass: addedP50 <= 50,
    },
    {
      figure: `SSE clients held (of ${SSE_CLIENTS}), BFF RSS idle → loaded`,
      unit: 'clients / MB',
      value: fanOut.held,
      floor: { label: 'RSS MB idle → loaded', value: `${fanOut.rssIdle} → ${fanOut.rssLoaded}` },
      budget: 'all held, no errors; report RSS',
      pass: fanOut.held === SSE_CLIENTS && fanOut.sseFailed === 0,
      note: `one event to all clients ${Math.round(fanOut.fanOutMs)} ms`,
    },
  ];
}

/**
 * The soak: clicks through every navigation entry in turn for SOAK_MINUTES while the realm changes (a
 * profile edit each round), and compares the heap with the heap after the first load.
 */
async function soak(newPage: () => Promise<Page>, base: string, svcUrl: string, auth: string, userId: number) {
  const page = await newPage();
  await page.request.post(`${base}/bff/session`, {
    data: { email: 'admin@demo.test', password: PASSWORD },
    headers: { origin: base, 'x-realm-console': '1' },
  });
  await page.goto(`${base}/users`);
  await page.getByRole('row').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
  const first = await usedHeapAfterGc(page);
  const firstSummary = await heapSummary(page);
  const codeFirst = codeBytes(firstSummary);
  let warm: { used: number; summary: HeapSummary } | null = null;
  // Halfway through: what was allocated between the warm round and here, and is still alive at the end, is kept.
  let middle: HeapSummary | null = null;
  const halfway = Date.now() + (SOAK_MINUTES * 60_000) / 2;
  const links = await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').all();
  const names = await Promise.all(links.map((l) => l.textContent()));
  const end = Date.now() + SOAK_MINUTES * 60_000;
  const samples: number[] = [first];
  let round_ = 0;
  let nextSample = Date.now() + 30_000;
  while (Date.now() < end) {
    await visitEveryPage(page, names);
    await fetch(`${svcUrl}/api/v1/users/${userId}`, {
      method: 'PATCH',
      headers: { authorization: auth },
      body: new URLSearchParams({ full_name: `Soak Round ${++round_}` }),
    });
    // One round has visited every page once: from here on the heap holds every page's code and data, so
    // growth after this point is what a leak would look like.
    if (!warm) {
      await backToUsers(page);
      warm = { used: await usedHeapAfterGc(page), summary: await heapSummary(page) };
    }
    if (warm && !middle && Date.now() > halfway) {
      await backToUsers(page);
      middle = await heapSummary(page);
    }
    if (Date.now() > nextSample) {
      samples.push(await usedHeapAfterGc(page));
      nextSample = Date.now() + 30_000;
    }
  }
  await backToUsers(page);
  const after = await usedHeapAfterGc(page);
  const afterSummary = await heapSummary(page, true);
  const codeAfter = codeBytes(afterSummary);
  samples.push(after);
  await page.close();
  const warmSummary = warm?.summary ?? firstSummary;
  const retained = retainedSince(warmSummary, middle ?? warmSummary, afterSummary);
  delete afterSummary.raw;
  dumpHeapSummaries({ first: firstSummary, warm: warmSummary, after: afterSummary });
  return {
    first,
    after,
    warm: warm?.used ?? first,
    codeWarm: codeBytes(warmSummary),
    samples,
    codeFirst,
    codeAfter,
    growthFirstToWarm: topGrowth(firstSummary, warmSummary),
    growthWarmToAfter: topGrowth(warmSummary, afterSummary),
    retained,
    rounds: round_,
  };
}

/** One round: a click on each entry of the main navigation, in turn. */
async function visitEveryPage(page: Page, names: (string | null)[]) {
  for (const name of names) {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: name!, exact: true })
      .click();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(200);
  }
}

/** BENCH_HEAP_DUMP=<dir>: the three summaries as JSON, for a closer look than the top-15 tables. */
function dumpHeapSummaries(summaries: Record<'first' | 'warm' | 'after', HeapSummary>) {
  const dumpDir = process.env.BENCH_HEAP_DUMP;
  if (!dumpDir) return;
  mkdirSync(dumpDir, { recursive: true });
  for (const [name, summary] of Object.entries(summaries))
    writeFileSync(join(dumpDir, `${name}.json`), JSON.stringify(Object.fromEntries(summary.groups)));
}

async function backToUsers(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users', exact: true })
    .click();
  await page.getByRole('row').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
