import { test as base, expect, type Page } from '@playwright/test';
import { href, pages, paths } from '../src/shared/app-paths';
import type { PageSpec } from '../src/shared/pages';

export const DEMO_PASSWORD = 'demo1234';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});
export { expect };

/** Every page inside the signed-in shell, from the page registry: its address, heading and navigation area. */
export const consolePages: readonly PageSpec[] = Object.values(pages).filter((page: PageSpec) => !page.public);

export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  next: string = paths.users,
): Promise<void> {
  await page.goto(href('signIn', { search: { next } }));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** On the Organization data page: ask for a public export through its confirmation, and wait for it to close. */
export async function requestPublicExport(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Public data', exact: true }).check();
  await page.getByRole('button', { name: 'Request export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a data export?' });
  await dialog.getByRole('button', { name: 'Request export' }).click();
  await expect(dialog).toBeHidden();
}
