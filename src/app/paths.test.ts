import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { HOME_PATH, href, pages, paths, routePattern } from '../shared/app-paths';
import { CONSOLE_EVENT_TYPES } from '../shared/events/svc-events';
import { firstLoadRequests, pagePath, USERS_LIST_PATH } from '../shared/bff/first-load';
import type { PageSpec } from '../shared/pages';
import { eventMap } from './event-map';
import { navItemMatchesExactly, navItems } from './nav-items';
import { routeModules } from './route-modules';

const here = fileURLToPath(new URL('.', import.meta.url));
const source = (file: string) => readFileSync(join(here, file), 'utf8');
const specs: PageSpec[] = Object.values(pages);
const shellPages = specs.filter((page) => !page.public).map((page) => page.path);
const allPaths: string[] = Object.values(paths);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('one page registry (src/shared/pages.ts)', () => {
  it('gives every signed-in page a lazily loaded module, and the modules no page of their own', () => {
    expect(Object.keys(routeModules).sort()).toEqual([...shellPages].sort());
  });

  it('has an entry for every page module in src/app/routes', () => {
    const named = new Set(
      [...source('./route-modules.ts').matchAll(/import\('\.\/routes\/([\w-]+)'\)/g)].map((m) => m[1]),
    );
    const modules = readdirSync(join(here, 'routes'))
      .filter((name) => name.endsWith('-route.tsx'))
      .map((name) => name.replace(/\.tsx$/, ''))
      // Sign-in is in the entry, not lazily loaded; not-found is the router's fallback, not a page.
      .filter((name) => !['sign-in-route', 'not-found-route'].includes(name));
    expect(modules.filter((name) => !named.has(name))).toEqual([]);
  });

  it('says which page modules have a loader, so the router and the navigation run it', () => {
    for (const [name, spec] of Object.entries(pages)) {
      const entry = [...source('./route-modules.ts').matchAll(/\[paths\.(\w+)\]: \(\) => import\('([^']+)'\)/g)].find(
        (m) => m[1] === name,
      );
      if (!entry) continue;
      const hasLoader = /export (async )?(function|const) loader\b/.test(source(`${entry[2]}.tsx`));
      expect(hasLoader, name).toBe((spec as PageSpec).preload === 'loader');
    }
  });

  it('routes every page from the registry, and writes no address in the router', () => {
    const router = source('./router.tsx');
    expect(router).toContain('shellPages.map(pageRoute)');
    expect(router).toContain('paths.signIn');
    expect(routePattern('bulkRuns')).toBe('/users/bulk-runs/:runId?');
    expect(routePattern('channels')).toBe('/channels');
  });

  it('lists in the navigation exactly the pages the registry places there', () => {
    const targets = navItems.flatMap((group) => group.items.map((item) => item.to));
    expect(targets.sort()).toEqual(
      specs
        .filter((page) => page.nav)
        .map((page) => page.path)
        .sort(),
    );
  });

  it('highlights one navigation entry per page: a parent entry on its own address only', () => {
    expect(navItemMatchesExactly(paths.users)).toBe(true);
    expect(navItemMatchesExactly(paths.account)).toBe(true);
    // A run's own page (/users/bulk-runs/12) keeps "Bulk runs" highlighted.
    expect(navItemMatchesExactly(paths.bulkRuns)).toBe(false);
    expect(navItemMatchesExactly(paths.channels)).toBe(false);
  });

  it('preloads the home page list from the registry', () => {
    expect(pagePath('/')).toBe(HOME_PATH);
    expect(firstLoadRequests(`${paths.users}/`, true)).toContain(USERS_LIST_PATH);
    expect(firstLoadRequests(paths.channels, true)).not.toContain(USERS_LIST_PATH);
  });

  it('subscribes to every event type a page names', () => {
    for (const spec of specs) for (const type of spec.live?.events ?? []) expect(CONSOLE_EVENT_TYPES).toContain(type);
  });

  it('refetches the queries a page names in the registry when one of its events arrives', () => {
    const live = specs.flatMap((spec) => (spec.live?.refetch ? [spec.live] : []));
    expect(live.length).toBeGreaterThan(0);
    for (const { events, refetch } of live) {
      for (const type of events) {
        const client = new QueryClient();
        client.setQueryData([refetch, 'list'], ['cached']);
        client.setQueryData(['another-page'], ['cached']);
        for (const handler of eventMap.get(type) ?? []) handler({ type, id: 1 }, client);
        expect(client.getQueryState([refetch, 'list'])?.isInvalidated, type).toBe(true);
        expect(client.getQueryState(['another-page'])?.isInvalidated, type).toBe(false);
      }
    }
  });

  it('builds links with their parameter and query encoded', () => {
    expect(href('users')).toBe('/users');
    expect(href('bulkRuns', { runId: 'a b' })).toBe('/users/bulk-runs/a%20b');
    expect(href('channels', { search: { channel: 12 } })).toBe('/channels?channel=12');
    expect(href('signIn', { search: { next: '/groups?group=3' } })).toBe('/sign-in?next=%2Fgroups%3Fgroup%3D3');
  });

  it('writes no page address anywhere in the browser code but the registry', () => {
    const browser = ['.', '../features', '../components', '../client'].flatMap((dir) => sourceFiles(join(here, dir)));
    const found = browser.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"`](\/[a-z][\w/-]*)(?=['"`?#]|\$\{)/g)]
        .map((m) => m[1]!)
        .filter((literal) => allPaths.includes(literal))
        .map((literal) => `${file.slice(here.length)}: ${literal}`),
    );
    expect(found).toEqual([]);
  });
});
