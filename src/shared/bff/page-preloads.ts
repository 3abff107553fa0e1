import { z } from 'zod';
import { pagePath } from './first-load.ts';

/**
 * The build writes this file next to index.html (src/build/route-preloads-plugin.ts): for the signed-in shell
 * and for each lazily loaded page, the script and style files its first render needs beyond the entry's. The
 * BFF names them in the page's HTML, so a first load fetches them all at once instead of discovering them
 * only after the entry has run (and the app's loader finds them already there, without adding tags itself).
 */
export const PAGE_PRELOADS_FILE = 'route-preloads.json';

export const pagePreloadsSchema = z.object({
  /** The shell's files: every signed-in page needs them. */
  shell: z.array(z.string()),
  /** Each page path of `routeModules` (src/app/route-modules.ts) and its files, shell excluded. */
  routes: z.record(z.string(), z.array(z.string())),
});

export type PagePreloads = z.infer<typeof pagePreloadsSchema>;

/** The build's files (`assets/x.js`) a first load of `pathname` should start with: the shell's, then the page's. */
export function pagePreloadFiles(preloads: PagePreloads, pathname: string): string[] {
  const page = preloads.routes[pagePath(pathname)] ?? [];
  return [...new Set([...preloads.shell, ...page])];
}

/** The HTML tags for those files, as Vite writes its own (same-origin CORS, which module scripts use). */
export function pagePreloadTags(files: string[]): string {
  return files
    .map((file) => {
      const href = '/' + file.replace(/^\/+/, '');
      return file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="${href}">`
        : `<link rel="modulepreload" crossorigin href="${href}">`;
    })
    .join('');
}
