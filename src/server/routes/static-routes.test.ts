import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_SESSION_COOKIE_META, SIGN_IN_STATE_ID, USERS_LIST_PATH } from '../../shared/bff/first-load';
import type { SessionInfo } from '../../shared/bff/protocol';
import { PAGE_PRELOADS_FILE } from '../../shared/bff/page-preloads';
import { staticRoutes } from './static-routes';

describe('staticRoutes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Realm Console</title></head></html>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  const app = staticRoutes(dir);

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await app.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('gives the icon a day of its own, so an in-app navigation does not ask the BFF for it again', async () => {
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('falls back to index.html for client-side routes, uncached', async () => {
    const res = await app.request('/users?q=mia');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Realm Console</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the sign-in page its own HTML, and index.html when a build has none', async () => {
    writeFileSync(join(dir, 'sign-in.html'), '<!doctype html><title>Sign-in entry</title>');
    const res = await app.request('/sign-in?next=%2Fchannels');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Sign-in entry</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const signedIn = { headers: { cookie: 'rc_session=abc' } };
    expect(await (await app.request('/sign-in/other', signedIn)).text()).toContain('<title>Realm Console</title>');

    const older = mkdtempSync(join(tmpdir(), 'rc-static-'));
    writeFileSync(join(older, 'index.html'), '<!doctype html><title>Realm Console</title>');
    expect(await (await staticRoutes(older).request('/sign-in')).text()).toContain('<title>Realm Console</title>');
  });

  it('writes the public session state into the sign-in page as data no text in it can break out of', async () => {
    const page = mkdtempSync(join(tmpdir(), 'rc-static-'));
    writeFileSync(join(page, 'index.html'), '<!doctype html><html><head></head></html>');
    writeFileSync(join(page, 'sign-in.html'), '<!doctype html><html><head><title>Sign-in entry</title></head></html>');
    const hostile = '</script><script>alert(1)</script>';
    const state: SessionInfo = {
      user: null,
      server: {
        realmName: 'Org',
        realmIcon: null,
        realmDescription: hostile,
        realmUrl: null,
        version: '12.2',
        featureLevel: 500,
        isIncompatible: false,
        emailAuthEnabled: true,
        passwordAuth: true,
        requireEmailFormatUsernames: true,
        externalAuthMethods: [],
        pushNotificationsEnabled: false,
      },
      serverError: null,
      demo: null,
      limits: null,
    };
    let current: SessionInfo | null = state;
    const routes = staticRoutes(page, undefined, () => current);
    for (const path of ['/sign-in', '/users']) {
      const html = await (await routes.request(path)).text();
      const block = new RegExp(`<script type="application/json" id="${SIGN_IN_STATE_ID}">(.*?)</script>`).exec(html);
      expect(block?.[1]).not.toContain('<');
      expect(JSON.parse(block![1]!)).toEqual(state);
      expect(html).not.toContain(hostile);
    }
    // Before the BFF has read the server's settings there is nothing to write: the page reads the session itself.
    current = null;
    expect(await (await routes.request('/sign-in')).text()).not.toContain(SIGN_IN_STATE_ID);
  });

  it("names the first load's requests in a preload Link header: the users list only with a session cookie", async () => {
    const session = '</bff/session>; rel=preload; as=fetch; crossorigin';
    const users = `<${USERS_LIST_PATH}>; rel=preload; as=fetch; crossorigin`;
    const signedIn = { headers: { cookie: 'rc_session=abc' } };
    expect((await app.request('/users', signedIn)).headers.get('link')).toBe(`${session}, ${users}`);
    expect((await app.request('/users/', signedIn)).headers.get('link')).toBe(`${session}, ${users}`);
    // `/` is the users page (the router's index route goes there).
    expect((await app.request('/', signedIn)).headers.get('link')).toBe(`${session}, ${users}`);
    expect((await app.request('/users')).headers.get('link')).toBe(session);
    expect((await app.request('/channels', signedIn)).headers.get('link')).toBe(session);
    writeFileSync(join(dir, 'sign-in.html'), '<!doctype html><title>Sign-in entry</title>');
    expect((await app.request('/sign-in', signedIn)).headers.get('link')).toBe(session);
    // Without a session cookie the answer is the sign-in page.
    expect(await (await app.request('/channels')).text()).toContain('<title>Sign-in entry</title>');
    expect(await (await app.request('/channels', signedIn)).text()).not.toContain(NO_SESSION_COOKIE_META);
    // Every way to the pages gets the same treatment, `/` and the files by name included.
    for (const path of ['/', '/index.html']) {
      const res = await app.request(path);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('link')).toBe(session);
      expect(await res.text()).toContain('<title>Sign-in entry</title>');
      expect(await (await app.request(path, signedIn)).text()).toContain('<title>Realm Console</title>');
    }
    const signInFile = await app.request('/sign-in.html', signedIn);
    expect(signInFile.headers.get('cache-control')).toBe('no-cache');
    expect(await signInFile.text()).toContain('<title>Sign-in entry</title>');
    // Assets carry none.
    expect((await app.request('/assets/app-abc123.js', signedIn)).headers.get('link')).toBeNull();
  });

  it("names the shell's and the page's files in the HTML of a visitor with a session cookie", async () => {
    const built = mkdtempSync(join(tmpdir(), 'rc-static-'));
    writeFileSync(join(built, 'index.html'), '<!doctype html><html><head><title>Realm Console</title></head></html>');
    const signedIn = { headers: { cookie: 'rc_session=abc' } };
    const page = async (path: string, init?: RequestInit) =>
      await (await staticRoutes(built).request(path, init)).text();
    // No file (a development build): the HTML as it is.
    expect(await page('/users', signedIn)).toBe(
      '<!doctype html><html><head><title>Realm Console</title></head></html>',
    );

    writeFileSync(
      join(built, PAGE_PRELOADS_FILE),
      JSON.stringify({
        shell: ['assets/shell-1.js', 'assets/shell-1.css'],
        routes: { '/users': ['assets/users-2.js', 'assets/users-2.css'], '/me': ['assets/me-3.js'] },
      }),
    );
    const shellTags =
      '<link rel="modulepreload" crossorigin href="/assets/shell-1.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/shell-1.css">';
    const usersTags =
      '<link rel="modulepreload" crossorigin href="/assets/users-2.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/users-2.css">';
    expect(await page('/users', signedIn)).toContain(`${shellTags}${usersTags}</head>`);
    expect(await page('/users/', signedIn)).toContain(`${shellTags}${usersTags}</head>`);
    expect(await page('/', signedIn)).toContain(`${shellTags}${usersTags}</head>`);
    expect(await page('/me', signedIn)).toContain(
      `${shellTags}<link rel="modulepreload" crossorigin href="/assets/me-3.js"></head>`,
    );
    // A path of no page (the not-found page) or a page's sub-path: the shell only.
    expect(await page('/nowhere', signedIn)).toContain(`<title>Realm Console</title>${shellTags}</head>`);
    expect(await page('/users/12', signedIn)).toContain(`<title>Realm Console</title>${shellTags}</head>`);
    // Without a cookie (and without a sign-in page in the build) the router goes to sign-in, which needs none.
    const signedOut = await page('/users');
    expect(signedOut).not.toContain('modulepreload');
    expect(signedOut).toContain(NO_SESSION_COOKIE_META);

    // A file this BFF does not understand (another version's) is ignored rather than trusted.
    writeFileSync(join(built, PAGE_PRELOADS_FILE), JSON.stringify({ routes: ['assets/x.js'] }));
    expect(await page('/users', signedIn)).not.toContain('modulepreload');
    writeFileSync(join(built, PAGE_PRELOADS_FILE), '{');
    expect(await page('/users', signedIn)).not.toContain('modulepreload');
  });

  describe('a visit without a live session gets the sign-in page as its first response', () => {
    const built = mkdtempSync(join(tmpdir(), 'rc-static-'));
    mkdirSync(join(built, 'assets'));
    writeFileSync(
      join(built, 'index.html'),
      '<html><head><title>Console</title><script type="module" crossorigin src="/assets/main-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/core-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/initial-1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/core-1.css"></head></html>',
    );
    writeFileSync(
      join(built, 'sign-in.html'),
      '<html><head><title>Sign in</title><script type="module" crossorigin src="/assets/sign-in-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/core-1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/core-1.css"></head></html>',
    );
    writeFileSync(
      join(built, PAGE_PRELOADS_FILE),
      JSON.stringify({
        shell: ['assets/shell-1.js', 'assets/shell-1.css'],
        routes: { '/users': ['assets/users-1.js'], '/channels': ['assets/channels-1.js'] },
      }),
    );
    writeFileSync(join(built, 'assets', 'core-1.js'), 'export {}');
    const live = new Set(['good']);
    const checked: string[] = [];
    const app = staticRoutes(built, async (c) => {
      const id = /rc_session=(\w+)/.exec(c.req.header('cookie') ?? '')?.[1] ?? '';
      checked.push(id);
      if (id === 'broken') throw new Error('store down');
      return live.has(id);
    });
    const get = async (path: string, cookie?: string) => {
      const res = await app.request(path, cookie ? { headers: { cookie: `rc_session=${cookie}` } } : undefined);
      return { res, html: await res.text() };
    };
    const afterSignIn = (html: string) =>
      /<meta name="realm-console-after-sign-in" content="([^"]*)" \/>/.exec(html)?.[1]?.split(' ') ?? [];

    it('answers the root address and every page with the sign-in page when there is no cookie', async () => {
      for (const path of ['/', '/index.html', '/users', '/users/', '/channels?stream=4', '/nowhere/deep']) {
        const { res, html } = await get(path);
        expect(res.status, path).toBe(200);
        expect(html, path).toContain('<title>Sign in</title>');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(res.headers.get('vary')).toBe('cookie');
        expect(res.headers.get('link')).toBe('</bff/session>; rel=preload; as=fetch; crossorigin');
      }
      // No cookie: the session store is not asked.
      expect(checked).toEqual([]);
    });

    it('answers with the sign-in page for an expired or unknown session, and the console for a live one', async () => {
      expect((await get('/users', 'gone')).html).toContain('<title>Sign in</title>');
      expect((await get('/', 'gone')).html).toContain('<title>Sign in</title>');
      expect((await get('/users', 'good')).html).toContain('<title>Console</title>');
      expect((await get('/', 'good')).html).toContain('<title>Console</title>');
      // A store that cannot answer: the console, whose own session read says what is wrong.
      expect((await get('/users', 'broken')).html).toContain('<title>Console</title>');
      // Files are files, with or without a session.
      expect((await get('/assets/core-1.js')).res.headers.get('cache-control')).toContain('immutable');
    });

    it("lists the console's files for later in the sign-in page, never as tags that load them at once", async () => {
      const { html } = await get('/users');
      // index.html's own beyond the sign-in page's, the shell's and the page's asked for; no entry script.
      expect(afterSignIn(html)).toEqual([
        'assets/initial-1.js',
        'assets/shell-1.js',
        'assets/shell-1.css',
        'assets/users-1.js',
      ]);
      expect(html.match(/<link /g)).toHaveLength(2);
      // `/sign-in?next=` names the page; `/` is the users page, and so is a next that is no path (sign-in goes
      // home); a path of no page gets the shell only.
      expect(afterSignIn((await get('/sign-in?next=%2Fchannels%3Fstream%3D4')).html)).toContain('assets/channels-1.js');
      expect(afterSignIn((await get('/')).html)).toContain('assets/users-1.js');
      expect(afterSignIn((await get('/sign-in?next=https%3A%2F%2Fevil.test')).html)).toContain('assets/users-1.js');
      expect(afterSignIn((await get('/sign-in?next=%2F%2Fevil.test')).html)).toEqual([
        'assets/initial-1.js',
        'assets/shell-1.js',
        'assets/shell-1.css',
      ]);
    });
  });

  it('says how to build when there is no build', async () => {
    const res = await staticRoutes(join(dir, 'missing')).request('/');
    expect(res.status).toBe(503);
  });
});
