/**
 * `npm run bench` (real-server part): the console in front of the real Zulip server of `../shared/real-zulip`
 * (found, and started when installed but stopped, as the `real` e2e project does: e2e/real-server.ts), each
 * figure beside the same work done straight against that server in the same run:
 *
 * - sign-in → first row of the users page, in Chromium, against fetch_api_key + the users list fetched and parsed;
 * - a topic open (its newest page of messages) and a resolve round trip (resolve, then unresolve), through the
 *   BFF and the same calls straight to the server;
 * - event-to-screen: a message edited straight on the server until the open topic in the console shows it,
 *   against the same event arriving on an event queue registered straight with the server.
 *
 * Skipped, with the reason printed, when the server cannot be had (REAL_ZULIP=off skips it on purpose). It
 * creates only its own records: one topic per run in a channel the owner account is subscribed to.
 * Environment: BENCH_RUNS (7), BENCH_REAL_EVENTS (20), BENCH_REAL_ONLY, BENCH_DIST (dist, built by bench/run.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { findRealServer, type RealCreds, type RealUser } from '../e2e/real-server';
import { pageRequest } from '../src/features/topics/api/get-topic-messages';
import { CSRF_HEADER, CSRF_VALUE } from '../src/shared/bff/constants';
import { toggledResolvedTopic } from '../src/shared/svc/messages';
import { encodeParams } from '../src/shared/svc/wire';
import { recordSection, reportRow, round, type Row } from './report';
import { median, readEventStream, startStack } from './stack';
import { simPeopleIn } from './sim-people';
import { consoleWithFloors, SIGN_IN_FLOOR_PAGE } from './with-floors';
import { filterKeystrokes, scrollDropped, signInOnceToFirstRow, signInToFirstRow, FIRST_USERS_ROW } from './users-page';

const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
const EVENTS = Math.max(5, Number(process.env.BENCH_REAL_EVENTS ?? 20));
const BUILD = process.env.BENCH_DIST ?? 'dist';
/** The build with the floor pages beside the console (made afresh from BUILD), or BUILD alone without their build. */
const DIST = consoleWithFloors(BUILD) ?? BUILD;
const SIGN_IN_FLOOR = SIGN_IN_FLOOR_PAGE;
/**
 * BENCH_REAL_ONLY=signin,topic,events,people runs just those (default: all but people). `people` wants thousands
 * of people on the server first (bench/real-people.sh, then the kit's reset-db.sh; see the README's bench section).
 */
const ONLY = new Set((process.env.BENCH_REAL_ONLY ?? 'signin,topic,events').split(',').map((x) => x.trim()));
const USERS_QUERY = 'users?client_gravatar=true&include_custom_profile_fields=true';

const basic = (u: RealUser) => 'Basic ' + Buffer.from(`${u.email}:${u.api_key}`).toString('base64');

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** A call straight to the real server; throws unless it succeeded. */
async function direct<T = Record<string, unknown>>(
  server: string,
  user: RealUser,
  method: string,
  path: string,
  form?: URLSearchParams,
): Promise<T> {
  const res = await fetch(`${server}/api/v1/${path}`, {
    method,
    headers: { authorization: basic(user) },
    body: form,
  });
  const body = JSON.parse(await res.text()) as T & { result?: string; msg?: string };
  if (body.result !== 'success') throw new Error(`${method} ${path}: ${body.msg ?? res.status}`);
  return body;
}

/** The same call through the BFF, with the console's CSRF header on a mutation. */
async function viaBff(base: string, cookie: string, method: string, path: string, form?: URLSearchParams) {
  const res = await fetch(`${base}/bff/svc/${path}`, {
    method,
    headers: { cookie, origin: base, ...(method === 'GET' ? {} : { [CSRF_HEADER]: CSRF_VALUE }) },
    body: form,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`BFF ${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function bffSignIn(base: string, user: RealUser): Promise<string> {
  const res = await fetch(`${base}/bff/session`, {
    method: 'POST',
    body: JSON.stringify({ email: user.email, password: user.password }),
    headers: { 'content-type': 'application/json', origin: base, [CSRF_HEADER]: CSRF_VALUE },
  });
  if (!res.ok) throw new Error(`BFF sign-in as ${user.email}: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function bffSignOut(base: string, cookie: string) {
  await fetch(`${base}/bff/session`, {
    method: 'DELETE',
    headers: { cookie, origin: base, [CSRF_HEADER]: CSRF_VALUE },
  });
}

/** A public channel the account is subscribed to (its events reach the account's queues), and a topic of our own. */
async function benchTopic(server: string, user: RealUser, messages: number) {
  const subs = await direct<{ subscriptions: { stream_id: number; name: string; invite_only: boolean }[] }>(
    server,
    user,
    'GET',
    'users/me/subscriptions',
  );
  const stream = subs.subscriptions.find((s) => !s.invite_only) ?? subs.subscriptions[0]!;
  const topic = `bench ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const ids: number[] = [];
  for (let i = 0; i < messages; i++) {
    const sent = await direct<{ id: number }>(
      server,
      user,
      'POST',
      'messages',
      new URLSearchParams({ type: 'stream', to: String(stream.stream_id), topic, content: `bench message ${i + 1}` }),
    );
    ids.push(sent.id);
  }
  return { stream, topic, ids };
}

/** fetch_api_key and the users list straight to the server, fetched and parsed: the floor of any sign-in. */
async function directSignIn(creds: RealCreds, admin: RealUser): Promise<number> {
  return timed(async () => {
    const res = await fetch(`${creds.base_url}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: admin.email, password: admin.password }),
    });
    const key = (JSON.parse(await res.text()) as { api_key: string }).api_key;
    const list = await fetch(`${creds.base_url}/api/v1/${USERS_QUERY}`, {
      headers: { authorization: 'Basic ' + Buffer.from(`${admin.email}:${key}`).toString('base64') },
    });
    JSON.parse(await list.text());
  });
}

/**
 * Sign-in → first users row in the console, against the same work straight to the server, and (when bench/run.ts
 * built the floor pages) against the smallest page that signs in through the same BFF and shows the same list:
 * the first ratio is the whole cost of a console, the second what its pages add to the BFF's and server's part.
 */
async function signInRows(browser: Browser, base: string, creds: RealCreds, admin: RealUser): Promise<Row[]> {
  const times: number[] = [];
  const floor: number[] = [];
  const minimal: number[] = [];
  const withFloor = existsSync(join(DIST, SIGN_IN_FLOOR));
  for (let i = 0; i <= RUNS; i++) {
    const t = await signInOnceToFirstRow(browser, base, `${base}/sign-in?next=%2Fusers`, admin);
    const m = withFloor ? await signInOnceToFirstRow(browser, base, `${base}/${SIGN_IN_FLOOR}`, admin) : null;
    const f = await directSignIn(creds, admin);
    if (i > 0) {
      times.push(t);
      floor.push(f);
      if (m !== null) minimal.push(m);
    }
  }
  const rows = [
    reportRow('real server: sign-in → first users row (console, Chromium)', 'ms', times, {
      label: 'fetch_api_key + GET /users straight to the server, fetch+parse',
      values: floor,
    }),
  ];
  if (!withFloor) console.log(`(no ${SIGN_IN_FLOOR} beside ${BUILD}: bench/run.ts builds the floor pages)`);
  else {
    rows.push(
      reportRow('real server: sign-in → first users row, against a minimal page', 'ms', times, {
        label: 'the smallest React + Mantine page signing in through the same BFF, same list',
        values: minimal,
      }),
    );
  }
  return rows;
}

async function topicRows(base: string, creds: RealCreds, owner: RealUser, level: number): Promise<Row[]> {
  const server = creds.base_url;
  const cookie = await bffSignIn(base, owner);
  try {
    const { stream, topic, ids } = await benchTopic(server, owner, 30);
    const open = { bff: [] as number[], direct: [] as number[] };
    const resolve = { bff: [] as number[], direct: [] as number[] };
    const query = encodeParams(pageRequest(stream.stream_id, topic, level, { anchor: 'newest' })).toString();
    let current = topic;
    // One resolve round trip: resolve the topic, then unresolve it (the console's call, twice).
    const roundTrip = async (call: (form: URLSearchParams) => Promise<unknown>) => {
      for (let k = 0; k < 2; k++) {
        const next = toggledResolvedTopic(current);
        await call(new URLSearchParams({ topic: next, propagate_mode: 'change_all' }));
        current = next;
      }
    };
    const path = `messages/${ids.at(-1)}`;
    // Each pair in turns, the BFF first on even runs and the server first on odd ones: whichever came right after a
    // resolve round trip met the server still busy with its side effects (events to queues, workers).
    const pair = async (viaTheBff: () => Promise<number>, straight: () => Promise<number>, bffFirst: boolean) => {
      if (bffFirst) return [await viaTheBff(), await straight()] as const;
      const d = await straight();
      return [await viaTheBff(), d] as const;
    };
    for (let i = 0; i <= RUNS; i++) {
      const [b, d] = await pair(
        () => timed(() => viaBff(base, cookie, 'GET', `messages?${query}`)),
        () => timed(() => direct(server, owner, 'GET', `messages?${query}`)),
        i % 2 === 0,
      );
      const [rb, rd] = await pair(
        () => timed(() => roundTrip((form) => viaBff(base, cookie, 'PATCH', path, form))),
        () => timed(() => roundTrip((form) => direct(server, owner, 'PATCH', path, form))),
        i % 2 === 1,
      );
      if (i > 0) {
        open.bff.push(b);
        open.direct.push(d);
        resolve.bff.push(rb);
        resolve.direct.push(rd);
      }
    }
    const added = (v: { bff: number[]; direct: number[] }) =>
      `added ${round(median(v.bff) - median(v.direct))} ms per round trip`;
    return [
      reportRow(
        'real server: topic open (newest page, 30 messages) through the BFF',
        'ms',
        open.bff,
        { label: 'same GET /messages straight to the server', values: open.direct },
        added(open),
      ),
      reportRow(
        'real server: resolve round trip (resolve + unresolve) through the BFF',
        'ms',
        resolve.bff,
        { label: 'same two PATCH /messages/{id} straight to the server', values: resolve.direct },
        added(resolve),
      ),
    ];
  } finally {
    await bffSignOut(base, cookie);
  }
}

/** A token awaited on some channel: when it arrived after `expect()`, 0 until then. */
interface TokenWatch {
  waitingFor: string;
  seenAt: number;
  expect(token: string): void;
}

function tokenWatch(): TokenWatch {
  const watch: TokenWatch = {
    waitingFor: '',
    seenAt: 0,
    expect(token) {
      watch.seenAt = 0;
      watch.waitingFor = token;
    },
  };
  return watch;
}

/** An update_message queue registered straight with the server, polled as any client polls it. */
async function directQueueWatch(server: string, owner: RealUser) {
  const queue = await direct<{ queue_id: string; last_event_id: number }>(
    server,
    owner,
    'POST',
    'register',
    new URLSearchParams({ event_types: JSON.stringify(['update_message']) }),
  );
  const watch = tokenWatch();
  let lastEventId = queue.last_event_id;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const got = await direct<{ events: { id: number; type: string; content?: string }[] }>(
        server,
        owner,
        'GET',
        `events?queue_id=${encodeURIComponent(queue.queue_id)}&last_event_id=${lastEventId}`,
      ).catch(() => ({ events: [] }));
      const at = performance.now();
      for (const e of got.events) {
        lastEventId = Math.max(lastEventId, e.id);
        if (watch.waitingFor && e.type === 'update_message' && e.content?.includes(watch.waitingFor)) {
          watch.seenAt = at;
          watch.waitingFor = '';
        }
      }
    }
  })();
  return {
    watch,
    stopPolling: () => (polling = false),
    close: async () => {
      await direct(server, owner, 'DELETE', `events?queue_id=${encodeURIComponent(queue.queue_id)}`).catch(() => null);
      await poller;
    },
  };
}

/** The same event on a raw SSE client of the BFF (the moment the BFF has it out). */
async function bffSseWatch(base: string, owner: RealUser) {
  const cookie = await bffSignIn(base, owner);
  const abort = new AbortController();
  const sse = await fetch(`${base}/bff/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const watch = tokenWatch();
  void readEventStream(sse.body!, (text) => {
    if (watch.waitingFor && text.includes(watch.waitingFor)) {
      watch.seenAt = performance.now();
      watch.waitingFor = '';
    }
  });
  return { watch, cookie, abort: () => abort.abort() };
}

/** The console signed in as the owner with the bench's topic open and live. */
async function openTopicLive(browser: Browser, base: string, owner: RealUser, streamId: number, topic: string) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const signedIn = await page.request.post(`${base}/bff/session`, {
    data: { email: owner.email, password: owner.password },
    headers: { origin: base, [CSRF_HEADER]: CSRF_VALUE },
  });
  if (!signedIn.ok()) throw new Error(`sign-in ${signedIn.status()}`);
  await page.goto(`${base}/topics?stream=${streamId}&topic=${encodeURIComponent(topic)}`);
  await page.getByLabel('Live updates: Live').waitFor({ timeout: 30_000 });
  await page.locator('[role="feed"] [aria-label^="Message "]').first().waitFor({ timeout: 30_000 });
  return { context, page };
}

/**
 * A message of the bench's topic edited straight on the server (as another client would) until the console's
 * open topic shows the new text; the floor is the same update_message event on a queue registered straight
 * with the server, polled as any client polls it.
 */
async function eventRows(browser: Browser, base: string, creds: RealCreds, owner: RealUser): Promise<Row[]> {
  const server = creds.base_url;
  const { stream, topic, ids } = await benchTopic(server, owner, 3);
  const messageId = ids.at(-1)!;
  const { context, page } = await openTopicLive(browser, base, owner, stream.stream_id, topic);
  const queue = await directQueueWatch(server, owner);
  const sse = await bffSseWatch(base, owner);
  const toScreen: number[] = [];
  const toQueue: number[] = [];
  const toSse: number[] = [];
  try {
    for (let i = 0; i < EVENTS + 3; i++) {
      const token = `edit${i}x${Date.now().toString(36)}`;
      queue.watch.expect(token);
      sse.watch.expect(token);
      const t0 = performance.now();
      await direct(server, owner, 'PATCH', `messages/${messageId}`, new URLSearchParams({ content: `bench ${token}` }));
      await page.waitForFunction(
        (text) => document.querySelector('[role="feed"]')?.textContent?.includes(text) ?? false,
        token,
        { polling: 'raf', timeout: 15_000 },
      );
      const seen = performance.now() - t0;
      while (queue.watch.waitingFor && performance.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 5));
      if (i >= 3 && queue.watch.seenAt) {
        toScreen.push(seen);
        toQueue.push(queue.watch.seenAt - t0);
        if (sse.watch.seenAt) toSse.push(sse.watch.seenAt - t0);
      }
    }
  } finally {
    queue.stopPolling();
    sse.abort();
    await bffSignOut(base, sse.cookie);
    await queue.close();
    await page.request.delete(`${base}/bff/session`, { headers: { origin: base, [CSRF_HEADER]: CSRF_VALUE } });
    await context.close();
  }
  return [
    reportRow(
      'real server: event-to-screen (message edited straight on the server → open topic shows it)',
      'ms',
      toScreen,
      { label: 'same event on a queue registered straight with the server', values: toQueue },
      `${toScreen.length} edits; out of the BFF's SSE at ${round(median(toSse))} ms (median); the screen then ` +
        "needs the topic's messages read again",
    ),
  ];
}

/** The users page's own figures, in a signed-in page of its own: filter keystrokes and scrolling. */
async function usersPageFigures(browser: Browser, base: string, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signedIn = await page.request.post(`${base}/bff/session`, {
    data: { email: account.email, password: account.password },
    headers: { origin: base, [CSRF_HEADER]: CSRF_VALUE },
  });
  if (!signedIn.ok()) throw new Error(`sign-in ${signedIn.status()}`);
  await page.goto(`${base}/users`);
  await page.locator(FIRST_USERS_ROW).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const filter = await filterKeystrokes(page);
  const scroll = (await scrollDropped(page, Math.min(RUNS, 5) + 1)).slice(1);
  await page.request.delete(`${base}/bff/session`, { headers: { origin: base, [CSRF_HEADER]: CSRF_VALUE } });
  await context.close();
  return { filter, scroll };
}

/**
 * The users page with the simulator's generated people on the real server (thousands, added by bench/real-people.sh)
 * against the same page on the simulator generating the same people, in the same run: sign-in → first row, filter
 * keystroke, scrolling.
 */
async function peopleRows(browser: Browser, base: string, creds: RealCreds, admin: RealUser): Promise<Row[]> {
  const { members } = await direct<{ members: Parameters<typeof simPeopleIn>[0] }>(
    creds.base_url,
    admin,
    'GET',
    USERS_QUERY,
  );
  // The simulator generates the same people only with the same count (every draw depends on it).
  const generated = simPeopleIn(members);
  if (generated === 0) throw new Error("no simulator's people on the real server: run bench/real-people.sh first");
  const sim = await startStack({ SIM_USERS: String(generated), STATIC_DIR: DIST });
  const simAdmin = { email: 'admin@demo.test', password: 'demo1234' };
  try {
    const real = {
      signIn: await signInToFirstRow(browser, base, admin, RUNS),
      ...(await usersPageFigures(browser, base, admin)),
    };
    const simulated = {
      signIn: await signInToFirstRow(browser, sim.consoleUrl, simAdmin, RUNS),
      ...(await usersPageFigures(browser, sim.consoleUrl, simAdmin)),
    };
    const n = members.length.toLocaleString('en');
    const same = generated.toLocaleString('en');
    const onSim = (label: string) => `the same on the simulator with the same ${same} generated people: ${label}`;
    return [
      reportRow(`real server, ${n} people: sign-in → first users row`, 'ms', real.signIn, {
        label: onSim('sign-in → first users row'),
        values: simulated.signIn,
      }),
      reportRow(`real server, ${n} people: filter keystroke → painted`, 'ms', real.filter, {
        label: onSim('filter keystroke → painted'),
        values: simulated.filter,
      }),
      reportRow(
        `real server, ${n} people: scrolling, dropped frames`,
        '%',
        real.scroll,
        { label: onSim('dropped frames'), values: simulated.scroll },
        'a ratio of two small percentages says little: compare the figures',
      ),
    ];
  } finally {
    await sim.stop();
  }
}

/**
 * The real server as the e2e setup finds it, or the accounts of BENCH_REAL_CREDS (a saved `creds.sh --json`): with
 * 10,000 people the kit's listing outgrows what the e2e setup reads.
 */
async function realServer(): ReturnType<typeof findRealServer> {
  const saved = process.env.BENCH_REAL_CREDS;
  if (!saved) return findRealServer();
  const creds: RealCreds = JSON.parse(readFileSync(saved, 'utf8'));
  return { ok: true, kit: process.env.REAL_ZULIP_KIT ?? '', creds };
}

async function main() {
  const real = await realServer();
  if (!real.ok) {
    console.log(`\n== real server: skipped — ${real.reason} ==`);
    process.exit(0);
  }
  const { creds } = real;
  const user = (email: string) => {
    const found = creds.users.find((u) => u.email.toLowerCase() === email);
    if (!found) throw new Error(`no account ${email} on the real server`);
    return found;
  };
  const admin = user('iago@zulip.com');
  const owner = user('desdemona@zulip.com');
  const level = (
    JSON.parse(await (await fetch(`${creds.base_url}/api/v1/server_settings`)).text()) as {
      zulip_feature_level: number;
    }
  ).zulip_feature_level;
  const stack = await startStack({ SVC_URL: creds.base_url, STATIC_DIR: DIST, PROXY_URL: '', PROXY_API_KEY: '' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: Row[] = [];
  try {
    if (ONLY.has('signin')) rows.push(...(await signInRows(browser, stack.consoleUrl, creds, admin)));
    if (ONLY.has('topic')) rows.push(...(await topicRows(stack.consoleUrl, creds, owner, level)));
    if (ONLY.has('events')) rows.push(...(await eventRows(browser, stack.consoleUrl, creds, owner)));
    if (ONLY.has('people')) rows.push(...(await peopleRows(browser, stack.consoleUrl, creds, admin)));
  } finally {
    await browser.close();
    await stack.stop();
  }
  recordSection('realServer', rows, { server: creds.base_url, featureLevel: level, runs: RUNS, events: EVENTS });
  process.exit(0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
