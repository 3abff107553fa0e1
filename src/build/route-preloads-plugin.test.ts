import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectPagePreloads, parseRouteModules, type ChunkFiles } from './route-preloads-plugin';

describe('parseRouteModules', () => {
  it("reads every page and shell part of the app's route table", () => {
    const source = readFileSync(new URL('../app/route-modules.ts', import.meta.url), 'utf8');
    const parsed = parseRouteModules(source);
    expect(parsed.shell).toEqual(['./shell-route', './live-sync']);
    expect(parsed.routes.map(([path]) => path)).toContain('/users');
    expect(parsed.routes).toContainEqual(['/me/drafts', './routes/drafts-snippets-route']);
    // Every lazily imported module is accounted for (the parser throws otherwise).
    expect(parsed.routes.length + parsed.shell.length).toBe(source.match(/=>\s*import\(/g)?.length);
  });

  it('fails the build when the table holds an import it does not understand', () => {
    const table = { a: '/a' };
    const base = "export const shellModule = () => import('./shell');\nexport const routeModules = {\n";
    expect(parseRouteModules(`${base}  [paths.a]: () => import('./a'),\n};`, table).routes).toEqual([['/a', './a']]);
    expect(() =>
      parseRouteModules(`${base}  [paths.a]: () => import('./a'),\n  b: () => import('./b'),\n};`, table),
    ).toThrow(/understood 1 route\(s\) and 1 shell part\(s\) of 3 import\(s\)/);
    expect(() => parseRouteModules(`${base}  [paths.b]: () => import('./b'),\n};`, table)).toThrow(/paths\.b/);
    expect(() => parseRouteModules("export const routeModules = { [paths.a]: () => import('./a') };", table)).toThrow();
  });
});

describe('collectPagePreloads', () => {
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], css: string[] = []) =>
    ({ fileName, facadeModuleId, imports, css }) satisfies ChunkFiles;
  const chunks = [
    chunk('assets/main.js', '/p/index.html', ['assets/core.js']),
    chunk('assets/core.js', null, [], ['assets/core.css']),
    chunk('assets/shell.js', '/p/shell.tsx', ['assets/core.js', 'assets/overlays.js'], ['assets/shell.css']),
    chunk('assets/overlays.js', null, ['assets/core.js']),
    chunk('assets/live.js', '/p/live.tsx', ['assets/handlers.js']),
    chunk('assets/handlers.js', null, ['assets/core.js']),
    chunk('assets/users.js', '/p/users.tsx', ['assets/table.js', 'assets/overlays.js', 'assets/handlers.js']),
    chunk('assets/table.js', null, ['assets/core.js'], ['assets/table.css']),
    chunk('assets/me.js', '/p/me.tsx', ['assets/core.js']),
  ];

  it("lists the shell's closure and each page's beyond it, without what the page entry's HTML loads", () => {
    expect(
      collectPagePreloads(chunks, {
        pageEntry: '/p/index.html',
        shell: ['/p/shell.tsx', '/p/live.tsx'],
        routes: [
          ['/users', '/p/users.tsx'],
          ['/me', '/p/me.tsx'],
        ],
      }),
    ).toEqual({
      shell: ['assets/shell.js', 'assets/overlays.js', 'assets/shell.css', 'assets/live.js', 'assets/handlers.js'],
      routes: { '/users': ['assets/users.js', 'assets/table.js', 'assets/table.css'], '/me': ['assets/me.js'] },
    });
  });

  it('fails the build when a module of the table has no chunk of its own', () => {
    expect(() =>
      collectPagePreloads(chunks, {
        pageEntry: '/p/index.html',
        shell: ['/p/shell.tsx'],
        routes: [['/x', '/p/x.tsx']],
      }),
    ).toThrow('no chunk is built for /p/x.tsx');
  });
});
