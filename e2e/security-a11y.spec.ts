import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test, DEMO_PASSWORD } from './fixtures';

async function apiKeyOf(email: string): Promise<string> {
  const response = await fetch(`${process.env.E2E_SVC_URL}/api/v1/fetch_api_key`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { api_key: string };
  return body.api_key;
}

test('no response, header or browser storage ever holds the API key', async ({ page }) => {
  const apiKey = await apiKeyOf('admin@demo.test');
  expect(apiKey.length).toBeGreaterThan(10);
  const leaks: string[] = [];
  page.on('response', async (response) => {
    const headers = JSON.stringify(await response.allHeaders());
    let body: string;
    try {
      body = await response.text();
    } catch {
      body = '';
    }
    // (The demo password itself is public in demo mode: the sign-in page lists it.)
    if (headers.includes(apiKey) || body.includes(apiKey)) {
      leaks.push(response.url());
    }
  });
  await signIn(page, 'admin@demo.test');
  await page.getByLabel('Search users').fill('Mia Mem');
  await page.getByRole('row', { name: /Mia Member/ }).click();
  await expect(page.getByRole('dialog', { name: /Mia Member/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  expect(storage).not.toContain(apiKey);
  const cookies = await page.context().cookies();
  expect(JSON.stringify(cookies)).not.toContain(apiKey);
  const session = cookies.find((c) => c.name === 'rc_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Strict');
  expect(leaks).toEqual([]);
});

function seriousViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>) {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('axe finds no serious or critical violation on sign-in and users pages', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(seriousViolations(await new AxeBuilder({ page }).analyze())).toEqual([]);

  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(seriousViolations(await new AxeBuilder({ page }).analyze())).toEqual([]);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(seriousViolations(await new AxeBuilder({ page }).analyze())).toEqual([]);
});
