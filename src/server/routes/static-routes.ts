import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type Next } from 'hono';
import { firstLoadRequests, NO_SESSION_COOKIE_META, preloadLinkHeader } from '../../shared/bff/first-load';
import {
  PAGE_PRELOADS_FILE,
  pagePreloadFiles,
  pagePreloadsSchema,
  pagePreloadTags,
  type PagePreloads,
} from '../../shared/bff/page-preloads';
import type { AppEnv } from '../app-types';
import { hasSessionCookie } from '../session-cookie';

const NO_PRELOADS: PagePreloads = { shell: [], routes: {} };

/** The build's page preloads; none when the file is missing (`vite` in development) or not what this BFF expects. */
function readPreloads(path: string): PagePreloads {
  if (!existsSync(path)) return NO_PRELOADS;
  try {
    const parsed = pagePreloadsSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : NO_PRELOADS;
  } catch {
    return NO_PRELOADS;
  }
}

/**
 * The built SPA: hashed assets cached for a year, `/sign-in` gets its own page (sign-in.html, whose entry
 * leaves the router out), every other path falls back to index.html. The build writes .br and .gz copies
 * (vite.config.ts); they are served when the browser accepts them. A page's HTML names the requests its first
 * load makes at once (first-load.ts) in a preload `Link` header, so they start before the scripts have loaded,
 * and, for a visitor with a session cookie, the page's own script and style files (page-preloads.ts).
 */
export function staticRoutes(staticDir: string) {
  const app = new Hono<AppEnv>();
  const root = resolve(staticDir);
  const indexPath = join(root, 'index.html');
  const signInPath = join(root, 'sign-in.html');
  const preloadsPath = join(root, PAGE_PRELOADS_FILE);

  const signInPage = (c: Context, next: Next) => {
    // A build without the page (or `vite` in development) has the route in index.html's router instead.
    if (!existsSync(signInPath)) return next();
    c.header('cache-control', 'no-cache');
    c.header('link', preloadLinkHeader(firstLoadRequests('/sign-in', false)));
    return c.html(readFileSync(signInPath, 'utf8'));
  };
  const consolePage = (c: Context) => {
    if (!existsSync(indexPath)) {
      return c.text('The console has not been built. Run `npm run build` (npm start does it for you).', 503);
    }
    c.header('cache-control', 'no-cache');
    // Whether the cookie still names a live session is the session request's answer; a stale one only costs
    // the users list an unused 401.
    const hasCookie = hasSessionCookie(c);
    c.header('link', preloadLinkHeader(firstLoadRequests(c.req.path, hasCookie)));
    // Without a cookie the router goes to sign-in, which needs none of the shell's or the page's files.
    const extra = hasCookie
      ? pagePreloadTags(pagePreloadFiles(readPreloads(preloadsPath), c.req.path))
      : NO_SESSION_COOKIE_META;
    const html = readFileSync(indexPath, 'utf8');
    return c.html(extra ? html.replace('</head>', `${extra}</head>`) : html);
  };

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
  });
  // Not hashed, so not immutable; but Chromium asks for a page's icon again at every in-app navigation, and
  // without a lifetime of its own each ask went to the BFF (a revalidation) beside the navigation's requests.
  app.use('/favicon.svg', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('cache-control', 'public, max-age=86400');
  });
  // The pages' own files by name (and `/`, which serveStatic would answer with index.html) go through the page
  // handlers too: uncached, with their preload header.
  app.get('/', consolePage);
  app.get('/index.html', consolePage);
  app.get('/sign-in.html', signInPage);
  // Without a build there is nothing to serve; the fallback below says how to build.
  if (existsSync(root)) app.use('*', serveStatic({ root, precompressed: true }));
  app.get('/sign-in', signInPage);
  app.get('*', consolePage);
  return app;
}
