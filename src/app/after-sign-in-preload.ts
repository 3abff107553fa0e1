import { AFTER_SIGN_IN_META } from '../shared/bff/first-load';

let scheduled = false;

/** The files the BFF listed in the sign-in page (none in development, where it lists none). */
function afterSignInFiles(doc: Document): string[] {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${AFTER_SIGN_IN_META}"]`);
  return meta?.content.split(/\s+/).filter(Boolean) ?? [];
}

/** A `modulepreload` (or, for a style sheet, `preload`) link: the browser downloads and compiles, nothing runs. */
function addPreload(doc: Document, file: string): void {
  const link = doc.createElement('link');
  // Module scripts and Vite's style links are same-origin CORS requests: the hint must be one too, or the
  // browser fetches the file a second time.
  link.crossOrigin = '';
  if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.href = `/${file}`;
  doc.head.append(link);
}

function whenIdle(fn: (deadline?: IdleDeadline) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 3000 });
  else setTimeout(fn, 200);
}

const idle = () => new Promise<IdleDeadline | undefined>((resolve) => whenIdle(resolve));

/**
 * The preload links, a few per idle period: each one starts a request on the main thread, and thirty of them in
 * one go were a task of 25-30 ms, long enough to hold up the keystroke after the one that started them.
 */
async function preloadInIdleSlices(doc: Document): Promise<void> {
  const files = afterSignInFiles(doc);
  while (files.length > 0) {
    const deadline = await idle();
    do addPreload(doc, files.shift()!);
    while (files.length > 0 && (deadline?.timeRemaining() ?? 0) > 4);
  }
}

/**
 * Runs the console's modules (what signing in runs, then the router, then the shell and the page to open), one
 * step per idle period: each is a long task, and a keystroke between two of them is handled first. Evaluating
 * them reads and requests nothing (console-root.tsx); what a failed import would leave is done again on sign-in.
 */
async function warmConsole(pageToOpen: () => string): Promise<void> {
  await idle();
  await import('./adopt-signed-in-session');
  await idle();
  const { warmConsole: warm } = await import('./console-root');
  await idle();
  warm(pageToOpen());
}

/** Someone is signing in: a key pressed, a pointer down, or the password field focused (autofill included). */
const INTERACTIONS = ['keydown', 'pointerdown', 'focusin'] as const;

function isInteraction(event: Event): boolean {
  if (event.type !== 'focusin') return true;
  // The email field is focused when the page opens: that is no interaction yet.
  return event.target instanceof HTMLInputElement && event.target.type === 'password';
}

/**
 * The console's files (shell, the target page), so that signing in leaves only the requests and the first render,
 * and so that they never compete with the person's first keystroke: nothing is fetched until the person interacts
 * with the form (the keystroke itself is handled first). Then, at idle times, the files are downloaded and compiled
 * a few at a time, and the console's modules run, one step per idle period. Typing an address and a password
 * takes seconds; the files take a fraction of that.
 */
export function preloadConsoleWhenIdle(pageToOpen: () => string, doc: Document = document): void {
  if (scheduled) return;
  scheduled = true;
  const start = (event: Event) => {
    if (!isInteraction(event)) return;
    for (const type of INTERACTIONS) doc.removeEventListener(type, start, true);
    void preloadInIdleSlices(doc)
      .then(() => warmConsole(pageToOpen))
      .catch(() => undefined);
  };
  // No cleanup: the listeners go with the first interaction, and the page leaves on sign-in anyway.
  for (const type of INTERACTIONS) doc.addEventListener(type, start, { capture: true, passive: true });
}
