import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';

const EMAIL_INPUT = 'input[autocomplete="username"]';

/** Records (performance.now(), from navigation start) when the sign-in form's email input first exists. */
async function markFormUsable(page: Page) {
  await page.addInitScript({
    content: `(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector(${JSON.stringify(EMAIL_INPUT)})) {
          window.__formAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { subtree: true, childList: true });
    })();`,
  });
}

/** The script and style files the page loaded, with when each request started. */
async function loadedFiles(page: Page) {
  return await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
      .filter((e) => /\.(js|css)$/.test(e.path)),
  );
}

async function signInWithForm(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test("a first visit to the root address is the sign-in page; the console's files come only once the form is used", async ({
  page,
}) => {
  await markFormUsable(page);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
  });
  const response = await page.goto('/');
  // One document, the first answer, and it is the sign-in page (its own entry script, not the console's).
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()).toBeNull();
  const html = (await response?.text()) ?? '';
  expect(html).toMatch(/src="\/assets\/sign-in-[\w-]+\.js"/);
  expect(html).not.toMatch(/src="\/assets\/main-[\w-]+\.js"/);
  await expect(page.getByLabel('Email')).toBeEditable();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(documents).toEqual(['/']);

  // Idle, with nobody using the form yet, the page asks for nothing more than its HTML names: the first keystroke
  // has nothing to compete with.
  const own = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]));
  await page.waitForLoadState('networkidle');
  expect((await loadedFiles(page)).filter((f) => !own.has(f.path))).toEqual([]);
  // Once someone types, it fetches the console's files (the shell's among them), at idle times after the keystroke.
  await page.getByLabel('Email').pressSequentially('adm');
  await expect
    .poll(async () => (await loadedFiles(page)).some((f) => /\/shell-route-[\w-]+\.js$/.test(f.path)))
    .toBe(true);
  const formAt = await page.evaluate(() => (window as { __formAt?: number }).__formAt);
  expect(formAt).toBeGreaterThan(0);
  // The pages' files carry V8's compile hint (vite.config.ts): compiled as they arrive, not on their first call
  // after the click. The sign-in page's own files and the console's entry chunk do not.
  for (const file of (await loadedFiles(page)).filter((f) => f.path.endsWith('.js'))) {
    const head = (await (await page.request.get(file.path)).text()).slice(0, 40);
    const hinted = !own.has(file.path) && !/\/initial-[\w-]+\.js$/.test(file.path);
    expect(head.startsWith('//# allFunctionsCalledOnLoad'), file.path).toBe(hinted);
  }

  // Signing in hands the session over: the console asks neither for it again nor twice for the users list.
  const afterSignIn: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/bff/')) afterSignIn.push(`${r.method()} ${url.pathname}`);
  });
  await signInWithForm(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(documents).toEqual(['/']);
  expect(afterSignIn.filter((r) => r === 'GET /bff/session')).toEqual([]);
  expect(afterSignIn.filter((r) => r === 'POST /bff/session')).toHaveLength(1);
  expect(afterSignIn.filter((r) => r === 'GET /bff/svc/users')).toHaveLength(1);
});

test('an ended session on a console page gets the sign-in page first, and signing in lands on that page', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'rc_session', value: 'no-such-session', url: baseURL! }]);
  const response = await page.goto('/channels?sort=name');
  expect(await response?.text()).toMatch(/src="\/assets\/sign-in-[\w-]+\.js"/);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fchannels%3Fsort%3Dname$/);
  await signInWithForm(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/channels\?sort=name$/);
  await expect(page.getByRole('heading', { name: 'Channels', level: 2 })).toBeVisible();

  // Signed in, the same address is the console itself.
  const again = await page.goto('/channels');
  expect(await again?.text()).toMatch(/src="\/assets\/main-[\w-]+\.js"/);
  await expect(page.getByRole('heading', { name: 'Channels', level: 2 })).toBeVisible();
});

test('a next target that leaves the console is not followed', async ({ page }) => {
  await page.goto('/sign-in?next=%2F%2Fevil.test%2Fusers');
  await signInWithForm(page, 'admin@demo.test');
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/users$/);
});
