import { expect, signIn, test } from './fixtures';

test('a 61-character status cannot be submitted; an unknown emoji shows the server message', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.getByLabel('Search users').fill('Mia Mem');
  await page.getByRole('row', { name: /Mia Member/ }).click();
  await page
    .getByRole('dialog', { name: /Mia Member/ })
    .getByRole('button', { name: 'Set status' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Set the status of Mia Member' });
  const text = dialog.getByLabel('Status text');
  await text.fill('x'.repeat(61));
  await expect(dialog.getByText('61/60')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save status' })).toBeDisabled();

  await text.fill('Out until Monday');
  await dialog.getByLabel('Emoji name').fill('definitely_not_an_emoji');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog.getByRole('alert')).toContainText("Emoji 'definitely_not_an_emoji' does not exist");
  await expect(text).toHaveValue('Out until Monday');
});

test('the sign-in form is drawn where it stays: nothing moves the email field once it is there', async ({ page }) => {
  // The BFF writes the server's summary into the page once it has read the server's settings: any earlier visit.
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Demo Organization' })).toBeVisible();
  // Every animation frame of the next load, the email field's distance from the top, whenever it changes.
  await page.addInitScript(() => {
    const tops: number[] = [];
    Object.assign(window, { emailTops: tops });
    const frame = () => {
      const field = document.querySelector('input[autocomplete="username"]');
      const top = field ? Math.round(field.getBoundingClientRect().top) : null;
      if (top !== null && tops.at(-1) !== top) tops.push(top);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  const sessionRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/bff/session');
  await page.goto('/sign-in');
  // The page's own session read has answered, and what it brought is drawn.
  await sessionRead;
  await page.waitForLoadState('networkidle');
  const tops = await page.evaluate(() => (window as unknown as { emailTops: number[] }).emailTops);
  expect(tops).toHaveLength(1);
});

test('a wrong password shows a clear error', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Your username or password is incorrect');
  await expect(page.getByLabel('Email')).toHaveValue('admin@demo.test');
});

test('signing out returns to sign-in and ends the BFF session', async ({ page }) => {
  await signIn(page, 'member@demo.test');
  expect((await page.request.get('/bff/svc/users/me')).status()).toBe(200);
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const after = await page.request.get('/bff/svc/users/me');
  expect(after.status()).toBe(401);
  expect((await after.json()).code).toBe('SESSION_EXPIRED');
});

test('an unauthenticated visit to a page comes back to it after sign-in', async ({ page }) => {
  const chatRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/bff/svc/')) chatRequests.push(r.url());
  });
  await page.goto('/channels');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fchannels/);
  await page.goto('/users?q=Mia');
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  // Without a session cookie the pages' early data requests are not sent (they could only get a 401).
  expect(chatRequests).toEqual([]);
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/users\?q=Mia/);
  await expect(page.getByLabel('Search users')).toHaveValue('Mia');
});

test('signing in on /sign-in opens the console in place; a signed-in visit to /sign-in goes straight on', async ({
  page,
}) => {
  await page.goto('/sign-in?next=%2Fchannels');
  // Marks this document: it survives the hand-over only if there is no page load.
  await page.evaluate(() => {
    (window as { signInDocument?: boolean }).signInDocument = true;
  });
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/channels$/);
  await expect(page.getByRole('heading', { name: 'Channels', level: 2 })).toBeVisible();
  expect(await page.evaluate(() => (window as { signInDocument?: boolean }).signInDocument)).toBe(true);
  // The console is fully there: its navigation works, and the back button does not return to the form.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/channels$/);

  await page.goto('/sign-in?next=%2Fgroups');
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('heading', { name: 'User groups', level: 2 })).toBeVisible();
});

test("a signed-in first load names the page's script files in its HTML, and each is fetched once", async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const response = await page.goto('/channels');
  const html = (await response?.text()) ?? '';
  await expect(page.getByRole('heading', { name: 'Channels' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The HTML names the page's own chunk and the shell's, so the browser fetches them with the entry's, not
  // after the entry has run and the router has asked for them.
  const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  expect(named.some((href) => /\/assets\/channels-route-[\w-]+\.js$/.test(href))).toBe(true);
  expect(named.some((href) => /\/assets\/shell-route-[\w-]+\.js$/.test(href))).toBe(true);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => e.name.endsWith('.js'))
      .map((e) => ({ path: new URL(e.name).pathname, status: e.responseStatus })),
  );
  // Every named file exists, and none is fetched a second time (a preload the module loader could not use).
  for (const href of named) expect(scripts.filter((s) => s.path === href)).toEqual([{ path: href, status: 200 }]);
  expect(new Set(scripts.map((s) => s.path)).size).toBe(scripts.length);
});

for (const [address, at] of [
  ['/users?q=Mia%20Mem', 'the users page'],
  ['/', "the console's root address (which opens the users page)"],
] as const) {
  test(`a signed-in load of ${at} asks for the session and the list once each, as the page starts`, async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto(address);
    await expect(page).toHaveURL(/\/users(\?|$)/);
    // The list has arrived: the filtered row, or any first data row.
    await expect(
      address === '/' ? page.getByRole('row').nth(1) : page.getByRole('row', { name: /Mia Member/ }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    // This document's requests only (the signed-in page before it may still have had some in flight). The HTML's
    // preload Link header starts both; the app's own requests take those answers instead of asking again.
    const asked = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => ({ path: new URL(e.name).pathname, initiator: (e as PerformanceResourceTiming).initiatorType }))
        .filter((e) => e.path === '/bff/session' || e.path === '/bff/svc/users'),
    );
    expect(asked.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: '/bff/session', initiator: 'link' },
      { path: '/bff/svc/users', initiator: 'link' },
    ]);
  });
}
