/**
 * The users page's figures, measured the same way on the simulator (bench/run.ts) and on the real server with
 * thousands of people (bench/real.ts `people`): sign-in to the first row, a filter keystroke to the painted
 * result, and dropped frames while scrolling the whole table.
 */
import type { Browser, Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_VALUE } from '../src/shared/bff/constants';
import { timedInPage } from './page-marks';

export const FIRST_USERS_ROW = '[role="table"] [role="row"][aria-rowindex="2"]';

/** Queries typed one after another; the first only warms up. */
const FILTER_QUERIES = ['m', 'ma', 'mar', 'mari', 'x', 'j', 'jo', 'a', 'an', 'ann', 'e', 'el', 'o', 'ol', 'b', ''];

/**
 * From the click on "Sign in" on `url` (the form filled, the page's files fetched, as after a person's typing) to
 * the first row of the users page, in a new browser context. Any page with an Email and a Password field and a
 * "Sign in" button will do: the console's sign-in page, or a floor page.
 */
export async function signInOnceToFirstRow(
  browser: Browser,
  base: string,
  url: string,
  account: { email: string; password: string },
): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.waitForLoadState('networkidle');
  const t = await timedInPage(
    page,
    `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Sign in').click()`,
    FIRST_USERS_ROW,
  );
  await page.request.delete(`${base}/bff/session`, { headers: { origin: base, [CSRF_HEADER]: CSRF_VALUE } });
  await context.close();
  return t;
}

/** signInOnceToFirstRow on the console's sign-in page, `runs` times after a warm-up run. */
export async function signInToFirstRow(
  browser: Browser,
  base: string,
  account: { email: string; password: string },
  runs: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t = await signInOnceToFirstRow(browser, base, `${base}/sign-in?next=%2Fusers`, account);
    if (i > 0) times.push(t);
  }
  return times;
}

/** One filter keystroke, in the page: from setting the search box's value to the frame that paints the result. */
function keystrokeTime(page: Page, query: string): Promise<number> {
  return page.evaluate(`(async () => {
    const input = document.querySelector('input[type="search"]');
    const status = document.querySelector('main [role="status"]');
    const before = status.textContent;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const t0 = performance.now();
    setter.call(input, ${JSON.stringify(query)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => {
      function check() {
        if (status.textContent !== before || performance.now() - t0 > 2000) resolve();
        else requestAnimationFrame(check);
      }
      requestAnimationFrame(check);
    });
    // The frame after the DOM changed is the one that paints it.
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    return performance.now() - t0;
  })()`);
}

/** Filter keystroke → painted, for each query after the first, on a users page that shows its list. */
export async function filterKeystrokes(page: Page): Promise<number[]> {
  const times: number[] = [];
  await page.getByLabel('Search users').waitFor();
  for (const [i, query] of FILTER_QUERIES.entries()) {
    const ms = await keystrokeTime(page, query);
    if (i > 0) times.push(ms);
  }
  return times;
}

/**
 * Scrolling the whole table a fixed distance per animation frame: the share of frames dropped (a gap between two
 * frames over 1.5 intervals, the interval measured idle in the same page first), once per run.
 */
export async function scrollDropped(page: Page, runs: number): Promise<number[]> {
  await page.waitForFunction(() => Boolean(document.querySelector('main [role="status"]')?.textContent));
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    out.push(
      await page.evaluate(`(async () => {
        const el = document.querySelector('main [role="table"]');
        el.scrollTop = 0;
        const frame = () => new Promise((r) => requestAnimationFrame(r));
        const idle = [];
        let last = await frame();
        for (let i = 0; i < 30; i++) { const t = await frame(); idle.push(t - last); last = t; }
        idle.sort((a, b) => a - b);
        const interval = idle[Math.floor(idle.length / 2)];
        let dropped = 0;
        const frames = 240;
        last = await frame();
        for (let i = 0; i < frames; i++) {
          el.scrollTop += 90;
          const t = await frame();
          const gap = Math.round((t - last) / interval);
          if ((t - last) > 1.5 * interval) dropped += Math.max(1, gap - 1);
          last = t;
        }
        return (100 * dropped) / (frames + dropped);
      })()`),
    );
  }
  return out;
}
