import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type Next } from 'hono';
import {
  AFTER_SIGN_IN_META,
  firstLoadRequests,
  NO_SESSION_COOKIE_META,
  preloadLinkHeader,
  SIGN_IN_STATE_ID,
} from '../../shared/bff/first-load';
import type { SessionInfo } from '../../shared/bff/protocol';
import {
  PAGE_PRELOADS_FILE,
  pagePreloadFiles,
  pagePreloadsSchema,
  pagePreloadTags,
  type PagePreloads,
} from '../../shared/bff/page-preloads';
import { paths } from '../../shared/app-paths';
import type { AppEnv } from '../app-types';
import { hasSessionCookie } from '../session-cookie';

const NO_PRELOADS: PagePreloads = { shell: [], routes: {} };

/**
 * Whether the request's session cookie names a live session. Without one, the console's pages answer with the
 * sign-in page (unit tests and the bench's floor pages give none: a session cookie counts as a session).
 */
export type LiveSessionCheck = (c: Context) => Promise<boolean>;

/**
 * The sign-in page's state as a JSON data block (never run: not JavaScript, so the page's script policy does not
 * apply). `<` is escaped so that no text in it can end the element.
 */
function stateScript(state: SessionInfo | null): string {
  if (!state) return '';
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SIGN_IN_STATE_ID}">${json}</script>`;
}

/** The script and style files a page's HTML names (`modulepreload` and stylesheet links, not its entry script). */
function linkedFiles(html: string): string[] {
  return [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)"[^>]* href="\/([^"]+)"/g)].map((m) => m[1]!);
}

/** The page a sign-in is headed for: the path itself, or `/sign-in`'s `next` (a lookup key only, never followed). */
function targetPage(path: string, next: string | undefined): string {
  if (!path.startsWith(paths.signIn)) return path;
  // Anything but a path: sign-in goes home (safe-next-path.ts).
  return next?.startsWith('/') ? next.split(/[?#]/)[0]! : '/';
}

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
 * leaves the router out), every other path falls back to index.html for a visitor with a live session and to
 * the sign-in page for anyone else (whose script then shows `/sign-in?next=<path>` in the address bar), so a
 * first visit costs what the sign-in page costs. The build writes .br and .gz copies (vite.config.ts); they are
 * served when the browser accepts them. A page's HTML names the requests its first load makes at once
 * (first-load.ts) in a preload `Link` header, so they start before the scripts have loaded, and, for a visitor
 * with a session, the page's own script and style files (page-preloads.ts).
 */
export function staticRoutes(
  staticDir: string,
  liveSession?: LiveSessionCheck,
  publicState?: () => SessionInfo | null,
) {
  const app = new Hono<AppEnv>();
  const root = resolve(staticDir);
  const indexPath = join(root, 'index.html');
  const signInPath = join(root, 'sign-in.html');
  const preloadsPath = join(root, PAGE_PRELOADS_FILE);

  /**
   * The sign-in page, for `/sign-in` and for any page of the console asked for without a live session. Its
   * HTML names (in a meta the sign-in entry reads once the form is usable) the files the console will need
   * after signing in: index.html's beyond its own, the shell's and the target page's.
   */
  const signInHtml = (c: Context) => {
    c.header('cache-control', 'no-cache');
    c.header('vary', 'cookie');
    c.header('link', preloadLinkHeader(firstLoadRequests(paths.signIn, false)));
    const html = readFileSync(signInPath, 'utf8');
    const own = new Set(linkedFiles(html));
    const entry = existsSync(indexPath) ? linkedFiles(readFileSync(indexPath, 'utf8')) : [];
    const page = pagePreloadFiles(readPreloads(preloadsPath), targetPage(c.req.path, c.req.query('next')));
    const later = [...new Set([...entry, ...page])].filter((f) => !own.has(f) && /^[\w./-]+$/.test(f));
    const meta = later.length ? `<meta name="${AFTER_SIGN_IN_META}" content="${later.join(' ')}" />` : '';
    const extra = meta + stateScript(publicState?.() ?? null);
    return c.html(extra ? html.replace('</head>', `${extra}</head>`) : html);
  };
  const signInPage = (c: Context, next: Next) => {
    // A build without the page (or `vite` in development) has the route in index.html's router instead.
    if (!existsSync(signInPath)) return next();
    return signInHtml(c);
  };
  /** A cookie naming a live session; a session store that cannot answer leaves it to the page's session read. */
  const signedIn = async (c: Context) => {
    if (!hasSessionCookie(c)) return false;
    if (!liveSession) return true;
    return await liveSession(c).catch(() => true);
  };
  const consolePage = async (c: Context) => {
    if (!existsSync(indexPath)) {
      return c.text('The console has not been built. Run `npm run build` (npm start does it for you).', 503);
    }
    const hasSession = await signedIn(c);
    // Without a session the first response is the sign-in page: none of the shell's files before the form.
    if (!hasSession && existsSync(signInPath)) return signInHtml(c);
    c.header('cache-control', 'no-cache');
    c.header('vary', 'cookie');
    c.header('link', preloadLinkHeader(firstLoadRequests(c.req.path, hasSession)));
    // Without a session (a build without sign-in.html) the router goes to sign-in, which needs none of the
    // shell's or the page's files.
    const extra = hasSession
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
  app.get(paths.signIn, signInPage);
  app.get('*', consolePage);
  return app;
}
