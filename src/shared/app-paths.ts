import { pages, type PageName } from './pages.ts';

export { pages, type PageName, type ShellPageName } from './pages.ts';

/**
 * The console's page addresses, derived from the page registry (pages.ts): `paths.users` is `/users`. Links
 * with a parameter or a query use `href`.
 */
export const paths = Object.fromEntries(Object.entries(pages).map(([name, spec]) => [name, spec.path])) as {
  readonly [N in PageName]: (typeof pages)[N]['path'];
};

export type PagePath = (typeof paths)[PageName];

/** Where the console's root address goes (the router's index route): the users page. */
export const HOME_PATH = paths.users;

type Spec<N extends PageName> = (typeof pages)[N];
type ParamOf<N extends PageName> = Spec<N> extends { param: infer P extends string } ? P : never;
type SearchOf<N extends PageName> = Spec<N> extends { search: readonly (infer S extends string)[] } ? S : never;

/** What a link to page N may carry: its parameter and the query parameters the registry lists for it. */
export type HrefOptions<N extends PageName> = { readonly [P in ParamOf<N>]?: string | number } & {
  readonly search?: { readonly [S in SearchOf<N>]?: string | number };
};

/**
 * The address of a page, with its parameter and query encoded: `href('bulkRuns', { runId: 'a b' })` is
 * `/users/bulk-runs/a%20b`, `href('channels', { search: { channel: 12 } })` is `/channels?channel=12`.
 */
export function href<N extends PageName>(name: N, options?: HrefOptions<N>): string {
  const spec: { path: string; param?: string } = pages[name];
  const values: Readonly<Record<string, unknown>> = options ?? {};
  const param = spec.param === undefined ? undefined : values[spec.param];
  const path = param === undefined || param === '' ? spec.path : `${spec.path}/${encodeURIComponent(String(param))}`;
  // encodeURIComponent, not URLSearchParams: a space stays %20, as the console's links always wrote it.
  const query = Object.entries(options?.search ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** The router's pattern of a page: its address, and its optional parameter. */
export function routePattern(name: PageName): string {
  const spec: { path: string; param?: string } = pages[name];
  return spec.param === undefined ? spec.path : `${spec.path}/:${spec.param}?`;
}
