import { HOME_PATH } from '../app-paths.ts';
import { pages, type PageSpec } from '../pages.ts';
import type { z } from 'zod';
import type { svcOps } from '../svc/catalog.ts';
import { SVC_PREFIX } from './constants.ts';
import type { SessionInfo, SignInRequest } from './protocol.ts';
import { bffRoute, typed } from './route-def.ts';

/** The browser's session endpoint: every page of the console reads it first. */
export const SESSION_PATH = '/bff/session';

/**
 * `svcOps.getUsers` as the users page asks for it (a test keeps it equal to what `svc()` would send). Spelled
 * out so neither the app's entry nor the BFF's page route needs the catalog.
 */
export const USERS_LIST_PATH = `${SVC_PREFIX}/users?client_gravatar=true&include_custom_profile_fields=true`;

/**
 * The routes of a first load, described without zod (the sign-in page leaves it out of its bundle): their answers
 * are `typed`. The BFF builds the session's answer itself, held to `SessionInfo` (src/server/routes/session-routes.ts).
 */
export const sessionApi = {
  /** Who is signed in (if anyone), the server, the demo accounts. */
  read: bffRoute({ method: 'GET', path: SESSION_PATH, answer: typed<SessionInfo>() }),
  signIn: bffRoute({ method: 'POST', path: SESSION_PATH, body: typed<SignInRequest>(), answer: typed<SessionInfo>() }),
  /** 204: no answer. */
  signOut: bffRoute({ method: 'DELETE', path: SESSION_PATH, answer: typed<null>() }),
};

/**
 * The users list (`svcOps.getUsers` with `usersListParams`), read on the first load of the users page. Typed, not
 * parsed again: the BFF has checked it against the catalog's schema before forwarding it, and a second parse of
 * 10,000 people would sit on the page's slowest path. `svc()` types every other catalogued answer the same way.
 */
export const usersListRoute = bffRoute({
  method: 'GET',
  path: `${SVC_PREFIX}/users`,
  query: typed<{ client_gravatar: boolean; include_custom_profile_fields: boolean }>(),
  answer: typed<z.output<(typeof svcOps)['getUsers']['response']>>(),
});

/** The page a location path shows: the router ignores a trailing slash, and sends `/` to the home page. */
export function pagePath(pathname: string): string {
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return page === '/' ? HOME_PATH : page;
}

/**
 * The requests the app makes as soon as a first load of `pathname` starts. The BFF names them in a preload
 * `Link` header of the page's HTML, so the browser asks for them while it still loads the scripts; the app's
 * own identical `fetch` then takes the preloaded response. The users list only for a signed-in visitor: for
 * anyone else it would be an unused 401. Which page starts it is the registry's `preload: 'usersList'`.
 */
export function firstLoadRequests(pathname: string, signedIn: boolean): string[] {
  const page = pagePath(pathname);
  const spec: PageSpec | undefined = Object.values(pages).find((p: PageSpec) => p.path === page);
  if (signedIn && spec?.preload === 'usersList') return [SESSION_PATH, USERS_LIST_PATH];
  return [SESSION_PATH];
}

/**
 * A `<meta>` the BFF adds to the console's HTML when the request carried no session cookie: the route loaders
 * that prefetch in parallel with the session check then wait for it, instead of sending requests that can only
 * get a 401.
 */
export const NO_SESSION_COOKIE_META = '<meta name="realm-console-session" content="none" />';
export const NO_SESSION_COOKIE_SELECTOR = 'meta[name="realm-console-session"][content="none"]';

/**
 * The `<meta>` name under which the BFF lists, in the sign-in page's HTML, the files (`assets/x.js`, space
 * separated) the console needs after signing in; the sign-in entry preloads them once the form is usable. Here,
 * not beside the build's preload list (page-preloads.ts), which would bring its schema library into the entry.
 */
export const AFTER_SIGN_IN_META = 'realm-console-after-sign-in';

/** `Link` header value for `firstLoadRequests`: fetch preloads, same-origin credentials (what `fetch` sends). */
export function preloadLinkHeader(paths: string[]): string {
  return paths.map((p) => `<${p}>; rel=preload; as=fetch; crossorigin`).join(', ');
}

/**
 * The id of the JSON data block in the sign-in page's HTML: what `GET /bff/session` answers without a session (the
 * server's summary and the demo accounts), so that the page's first render has it and nothing moves the form when
 * the session read answers. Absent while the BFF has not read the server's settings yet.
 */
export const SIGN_IN_STATE_ID = 'sign-in-state';
