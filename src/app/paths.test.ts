import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOME_PATH, paths } from '../shared/app-paths';
import { firstLoadRequests, pagePath, USERS_LIST_PATH } from '../shared/bff/first-load';
import { navItemMatchesExactly, navItems } from './nav-items';
import { routeModules } from './route-modules';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const pages = Object.values(paths).filter((path) => path !== paths.signIn);

describe('one route table (src/shared/app-paths.ts)', () => {
  it('gives every page a lazily loaded module, and the modules no page of their own', () => {
    expect(Object.keys(routeModules).sort()).toEqual([...pages].sort());
  });

  it('routes every page and sign-in in the router, by name', () => {
    const router = source('./router.tsx');
    for (const name of Object.keys(paths)) expect(router).toContain(`paths.${name}`);
  });

  it('links the navigation to pages of the table only', () => {
    const targets = navItems.flatMap((group) => group.items.map((item) => item.to));
    for (const to of targets) expect(pages).toContain(to);
  });

  it('highlights one navigation entry per page: a parent entry on its own address only', () => {
    expect(navItemMatchesExactly(paths.users)).toBe(true);
    expect(navItemMatchesExactly(paths.account)).toBe(true);
    // A run's own page (/users/bulk-runs/12) keeps "Bulk runs" highlighted.
    expect(navItemMatchesExactly(paths.bulkRuns)).toBe(false);
    expect(navItemMatchesExactly(paths.channels)).toBe(false);
  });

  it('preloads the home page list from the table', () => {
    expect(pagePath('/')).toBe(HOME_PATH);
    expect(firstLoadRequests(`${paths.users}/`, true)).toContain(USERS_LIST_PATH);
    expect(firstLoadRequests(paths.channels, true)).not.toContain(USERS_LIST_PATH);
  });

  it('writes no page address out again in the files that read the table', () => {
    const readers = [
      './router.tsx',
      './route-modules.ts',
      './nav-items.ts',
      './route-data.ts',
      '../shared/bff/first-load.ts',
    ];
    for (const file of readers) {
      const literals = [...source(file).matchAll(/['"`](\/[a-z][\w/-]*)['"`]/g)].map((m) => m[1]);
      expect(
        literals.filter((literal) => (Object.values(paths) as string[]).includes(literal!)),
        file,
      ).toEqual([]);
    }
  });
});
