import { readFileSync } from 'node:fs';
import { test as base, expect, type Page, type Response } from '@playwright/test';
import { href, paths } from '../../src/shared/app-paths';
import type { RealCreds, RealUser } from '../real-server';

/**
 * Fixtures of the `real` project: the console in front of the real Zulip server (global setup starts it), its
 * dev organization's accounts, and a direct API client for changes made straight against the server. Every
 * spec is skipped, with the reason global setup printed, when the real server could not be had.
 */

let creds: RealCreds | null = null;
function realCreds(): RealCreds {
  creds ??= JSON.parse(readFileSync(process.env.E2E_REAL_CREDS_FILE!, 'utf8')) as RealCreds;
  return creds;
}

export type RealRole = 'owner' | 'admin' | 'moderator' | 'member' | 'guest';

/** The accounts the specs use: one per role, and members to act on. */
const ACCOUNTS = {
  owner: 'desdemona@zulip.com',
  admin: 'iago@zulip.com',
  moderator: 'shiva@zulip.com',
  member: 'hamlet@zulip.com',
  guest: 'polonius@zulip.com',
} as const satisfies Record<RealRole, string>;

export function account(roleOrEmail: RealRole | string): RealUser {
  const email = (ACCOUNTS as Record<string, string>)[roleOrEmail] ?? roleOrEmail;
  const user = realCreds().users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!user) throw new Error(`no account ${email} on the real server`);
  return user;
}

/** A name no earlier run used: the real server keeps what the specs create unless the kit resets it. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Calls the real server's REST API as an account, as another client of the organization would. */
export async function zulipApi<T = Record<string, unknown>>(
  as: RealRole | string,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const user = account(as);
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const url = `${realCreds().base_url}/api/v1${path}${method === 'GET' && [...form].length ? `?${form}` : ''}`;
  const response = await fetch(url, {
    method,
    headers: {
      authorization: 'Basic ' + Buffer.from(`${user.email}:${user.api_key}`).toString('base64'),
      ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: method === 'GET' ? undefined : form,
  });
  const body = (await response.json()) as T & { result?: string; msg?: string };
  if (body.result !== 'success') throw new Error(`${method} ${path} as ${user.email}: ${body.msg ?? response.status}`);
  return body;
}

/** What went wrong under the page's feet: the console server's 5xx answers and unreadable upstream answers. */
export function watchBffFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/bff/')) return;
    if (response.status() >= 500) failures.push(`${response.status()} ${response.request().method()} ${path}`);
  });
  return failures;
}

export const test = base.extend<{ realServer: undefined }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_REAL_BASE_URL);
  },
  realServer: [
    // eslint-disable-next-line no-empty-pattern -- as above.
    async ({}, use, testInfo) => {
      const reason = process.env.E2E_REAL_SKIP;
      testInfo.skip(Boolean(reason) || !process.env.E2E_REAL_BASE_URL, `real server unavailable: ${reason}`);
      await use(undefined);
    },
    { auto: true },
  ],
});
export { expect };

/** Signs in through the form with the account's real password, and lands on `next`. */
export async function signInAs(page: Page, role: RealRole | string, next: string = paths.users): Promise<RealUser> {
  const user = account(role);
  await page.goto(href('signIn', { search: { next } }));
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  return user;
}

/** Clicks an entry of the main navigation. */
export async function navigate(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: label, exact: true })
    .click();
}
