import type { Browser, Page } from '@playwright/test';
import { startStack, type Stack } from '../bench/stack';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { Crawl, CRAWL_PAGES } from './role-crawl';

// Issue 43, item 2: what a role cannot do is not offered (or is disabled with the reason). Every page of the
// navigation, and the panel its first row opens (each of its tabs), is walked as each role; every kind of
// enabled control that may change something is triggered and its dialog or form sent with harmless input; the
// spec fails on any console answer that refuses the role for want of permission (role-crawl.ts).
//
// The crawl changes things (it is meant to): it walks demo stacks of its own (STACKS: the roles that share one
// cannot change what another may do), so the shared one the other specs use is never touched, and what an owner
// changes never takes away what a guest was about to try. The controls it leaves alone are in SKIPPED_CONTROLS, each with its reason, and are listed in the
// report attached to the test.

type Role = 'guest' | 'member' | 'moderator' | 'admin' | 'owner';

// A trace would snapshot the page around each of the crawl's hundreds of actions: that alone doubles its time.
// The report attached to the test says what was done and refused.
test.use({ trace: 'off' });

async function signInAs(browser: Browser, stack: Stack, role: Role): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.consoleUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await Crawl.install(page);
  await page.goto('/sign-in?next=/server');
  await page.getByLabel('Email').fill(`${role}@demo.test`);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  return page;
}

/**
 * The roles that share a demo stack, walking it at once: none of them can change what another may do (guests and
 * members change no one's permissions; moderators may change a group's, so they walk alone; administrators and
 * owners may do anything either way).
 */
const STACKS: readonly (readonly Role[])[] = [['guest', 'member'], ['moderator'], ['admin', 'owner']];

interface Outcome {
  role: Role;
  refused: string[];
  broken: string[];
  report: string;
}

/** A walk over every page, signed in as the role. */
async function walk(browser: Browser, stack: Stack, role: Role): Promise<Crawl> {
  const page = await signInAs(browser, stack, role);
  const crawl = new Crawl(page, role, stack.consoleUrl);
  for (const path of CRAWL_PAGES) await crawl.crawlPage(path);
  await crawl.watch.settled(page);
  await page.context().close();
  return crawl;
}

/** One role's walk: what the server refused, the pages whose walk broke off, and the report. */
async function crawlAs(browser: Browser, stack: Stack, role: Role): Promise<Outcome> {
  const crawl = await walk(browser, stack, role);
  const { refusals } = crawl.watch;
  const { actions, skipped, broken: brokenOff } = crawl.report;

  const describe = ({ action, refusal }: (typeof refusals)[number]) =>
    `${role}: ${action}: ${refusal.method} ${refusal.path} → ${refusal.status} ${refusal.code} “${refusal.msg}”`;
  // Reads a page makes as it loads are not actions (a guest's page may try a list and explain the refusal);
  // a read refused after an action counts only when no page load was refused it too (a refetch after a change).
  const loads = refusals.filter((r) => r.action.startsWith('load: '));
  const background = new Set(loads.map((r) => `${r.refusal.method} ${r.refusal.path}`));
  const refused = refusals
    .filter((r) => !r.action.startsWith('load: '))
    .filter((r) => r.refusal.method !== 'GET' || !background.has(`${r.refusal.method} ${r.refusal.path}`))
    .map(describe);
  const report = [
    `Refused (${refused.length}):`,
    ...refused,
    '',
    `Walks broken off (${brokenOff.length}):`,
    ...brokenOff,
    '',
    `Refused while a page loaded (not actions; ${loads.length}):`,
    ...loads.map(describe),
    '',
    `Triggered (${actions.length}):`,
    ...actions,
    '',
    `Left alone (${skipped.length}):`,
    ...skipped,
  ].join('\n');
  return { role, refused: [...new Set(refused)], broken: brokenOff.map((b) => `${role}: ${b}`), report };
}

/** A demo stack of its own for some roles, walked by them at once. */
async function crawlStack(browser: Browser, roles: readonly Role[]): Promise<Outcome[]> {
  const stack = await startStack({ SIM_USERS: '30' });
  try {
    return await Promise.all(roles.map((role) => crawlAs(browser, stack, role)));
  } finally {
    await stack.stop();
  }
}

test('as each role, no enabled action on any page is refused by the server for want of permission', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const outcomes = (await Promise.all(STACKS.map((roles) => crawlStack(browser, roles)))).flat();
  for (const { role, report } of outcomes) {
    await testInfo.attach(`crawl-${role}.txt`, { contentType: 'text/plain', body: report });
    if (process.env.CRAWL_DEBUG) console.log(`--- ${role}\n${report}`);
  }
  expect(outcomes.flatMap((o) => o.refused)).toEqual([]);
  // A page the crawl could not finish was not checked: that fails too, with where and why.
  expect(outcomes.flatMap((o) => o.broken)).toEqual([]);
});
