/**
 * First loads over an emulated network round trip (Chromium's network emulation, BENCH_RTT ms, default 40):
 * signed in, cold cache, navigation → the page's first content, for /users (first row) and /channels (the
 * page's heading). On loopback a file costs almost nothing; over a real network each of a page's files takes
 * a share of a round trip on HTTP/1.1's six connections, which is what HTML preloads and chunk count change.
 *
 * BENCH_COMPARE_DIST names a second build (e.g. one from an older commit) measured in the same run, in turn;
 * BENCH_MBPS limits the throughput (default: none), BENCH_USERS sets the organization's size (default 300).
 */
import { chromium, type Browser } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { markedTime, markWhenPresent } from './page-marks';
import { recordSection, ratio, stats, type Row } from './report';
import { median, startStack, type Stack } from './stack';

const RTT = Number(process.env.BENCH_RTT ?? 40);
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
const DIST = process.env.BENCH_DIST ?? 'dist';
const COMPARE = process.env.BENCH_COMPARE_DIST;
/** Download and upload throughput in Mbit/s (default: not limited). */
const MBPS = Number(process.env.BENCH_MBPS ?? 0);
const USERS = Number(process.env.BENCH_USERS ?? 300);
const THROUGHPUT = MBPS > 0 ? (MBPS * 1_000_000) / 8 : -1;

const PAGES = [
  { path: '/users', what: 'first row', selector: '[role="table"] [role="row"][aria-rowindex="2"]' },
  // The console's root address, which opens the users page.
  { path: '/', what: 'first row', selector: '[role="table"] [role="row"][aria-rowindex="2"]' },
  { path: '/channels', what: 'heading', selector: 'main h2' },
];

async function firstLoad(browser: Browser, base: string, path: string, selector: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const res = await page.request.post(`${base}/bff/session`, {
      data: { email: 'admin@demo.test', password: 'demo1234' },
      headers: { origin: base, 'x-realm-console': '1' },
    });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: RTT,
      downloadThroughput: THROUGHPUT,
      uploadThroughput: THROUGHPUT,
    });
    await page.addInitScript({ content: markWhenPresent(selector) });
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    return await markedTime(page);
  } finally {
    await context.close();
  }
}

async function main() {
  const stacks: [string, Stack][] = [[DIST, await startStack({ SIM_USERS: String(USERS), STATIC_DIR: DIST })]];
  if (COMPARE) stacks.push([COMPARE, await startStack({ SIM_USERS: String(USERS), STATIC_DIR: COMPARE })]);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: Row[] = [];
  try {
    for (const { path, what, selector } of PAGES) {
      const times = new Map<string, number[]>(stacks.map(([dist]) => [dist, []]));
      // Builds take turns, so that both see the same machine load; the first round warms up.
      for (let i = 0; i <= RUNS; i++) {
        for (const [dist, stack] of stacks) {
          const t = await firstLoad(browser, stack.consoleUrl, path, selector);
          if (i > 0) times.get(dist)!.push(t);
        }
      }
      const mine = times.get(DIST)!;
      const other = COMPARE ? times.get(COMPARE)! : null;
      rows.push({
        figure: `${path} first load at ${RTT} ms RTT${MBPS > 0 ? `, ${MBPS} Mbit/s` : ''}: navigation → ${what}`,
        unit: 'ms',
        value: stats(mine),
        floor: other ? { label: `build in ${COMPARE}`, value: stats(other) } : null,
        ratio: other ? ratio(median(mine), median(other)) : null,
        budget: 'report',
        pass: null,
      });
    }
  } finally {
    await browser.close();
    await Promise.all(stacks.map(([, stack]) => stack.stop()));
  }
  recordSection('rtt', rows, { rttMs: RTT, mbps: MBPS || null, users: USERS, runs: RUNS });
  process.exit(0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
