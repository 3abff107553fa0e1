// The entry of /sign-in (sign-in.html): the sign-in page without the console's router, query cache or shell,
// so that the first page anyone opens downloads and runs as little as possible. Once signed in, it hands the
// same React root over to the console (console-root.tsx, what main.tsx renders), without a page load.
import './entry-styles';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { readSession } from '../client/session-requests';
import { SIGN_IN_STATE_ID } from '../shared/bff/first-load';
import type { SessionInfo } from '../shared/bff/protocol';
import { href, paths } from '../shared/app-paths';
import { SignInPage } from '../features/auth/sign-in-page';
import { safeNextPath } from '../features/auth/safe-next-path';
import { preloadConsoleWhenIdle } from './after-sign-in-preload';
import { EntryFrame } from './entry-frame';

// The BFF answers any console page asked for without a session with this page: the address bar then says
// where the visitor is, and where signing in will take them (the page they asked for; `/` is the home page).
if (!location.pathname.startsWith(paths.signIn)) {
  const asked = location.pathname + location.search;
  const home = asked === '/' || asked === '/index.html';
  history.replaceState(null, '', home ? paths.signIn : href('signIn', { search: { next: asked } }));
}

const element = document.getElementById('root');
if (!element) throw new Error('The page has no #root element.');
const root = createRoot(element);
// Started before the first render, in parallel with it.
const sessionRead = readSession().catch(() => null);

/**
 * What the session read will say of the server, as the BFF wrote it into this page (SIGN_IN_STATE_ID): the first
 * render shows the server's summary and the demo accounts at once, so the form never moves when the read answers.
 * Only a page without it (the BFF had not read the server's settings yet) shows a loader there first.
 */
function stateInPage(): SessionInfo | undefined {
  const text = document.getElementById(SIGN_IN_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SessionInfo;
  } catch {
    return undefined;
  }
}

/** JSON with each object's keys in order: the page's copy and the read's parsed answer may list them differently. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The console page signing in opens: the one asked for (`next`), else the home page. */
const pageToOpen = () => safeNextPath(new URLSearchParams(location.search).get('next'));

let handedOver = false;
function enterConsole(info: SessionInfo) {
  if (handedOver) return;
  handedOver = true;
  // The console's loading frame (in the page's HTML) shows while the console's files arrive and it renders.
  document.body.classList.add('console-loading');
  // The router reads the location when the console starts (startConsole): it opens the page asked for.
  history.replaceState(null, '', pageToOpen());
  // The session goes into the cache before the console's modules run: the router's own first requests then
  // find it there instead of asking the BFF again.
  import('./adopt-signed-in-session')
    .then(({ adoptSignedInSession }) => {
      adoptSignedInSession(info);
      return import('./console-root');
    })
    .then(({ ConsoleContent, startConsole }) => {
      startConsole();
      // The same frame as the sign-in page's (entry-frame.tsx): only what is inside it is replaced.
      root.render(
        <EntryFrame>
          <ConsoleContent />
        </EntryFrame>,
      );
    })
    // A chunk that fails to load (e.g. a deploy replaced it): a full page load of the same address.
    .catch(() => location.reload());
}

function StandaloneSignIn() {
  const [session, setSession] = useState<SessionInfo | null | undefined>(stateInPage);
  // After the form's first commit: the console's files are fetched once the person starts using the form.
  useEffect(() => preloadConsoleWhenIdle(() => new URL(pageToOpen(), location.origin).pathname), []);
  useEffect(() => {
    let current = true;
    // The same answer as the one written into the page (the usual case) leaves the state as it is: re-rendering
    // the whole page for it would hold up a keystroke typed just then.
    void sessionRead.then((info) => current && setSession((shown) => (sameJson(shown, info) ? shown : info)));
    return () => {
      current = false;
    };
  }, []);
  // Signed in already (another tab, or the back button): straight on to the console.
  const user = session?.user;
  useEffect(() => {
    if (user && session) enterConsole(session);
  }, [user, session]);
  if (user) return null;
  return <SignInPage session={session} onSignedIn={enterConsole} />;
}

root.render(
  <EntryFrame>
    <StandaloneSignIn />
  </EntryFrame>,
);
