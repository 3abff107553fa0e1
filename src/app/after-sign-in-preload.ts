import { AFTER_SIGN_IN_META } from '../shared/bff/first-load';

let scheduled = false;

type Hint = 'prefetch' | 'modulepreload';

/**
 * Adds a link per file the BFF listed in the sign-in page (none in development, where it lists none).
 * `prefetch` only downloads (lowest priority, nothing parsed); `modulepreload` also compiles, ready to run.
 */
export function preloadAfterSignInFiles(doc: Document = document, hint: Hint = 'modulepreload'): number {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${AFTER_SIGN_IN_META}"]`);
  const files = meta?.content.split(/\s+/).filter(Boolean) ?? [];
  for (const file of files) {
    const link = doc.createElement('link');
    // Module scripts and Vite's style links are same-origin CORS requests: the hint must be one too, or the
    // browser fetches the file a second time.
    link.crossOrigin = '';
    if (file.endsWith('.css')) {
      link.rel = hint === 'prefetch' ? 'prefetch' : 'preload';
      link.as = 'style';
    } else {
      link.rel = hint;
      if (hint === 'prefetch') link.as = 'script';
    }
    link.href = `/${file}`;
    doc.head.append(link);
  }
  return files.length;
}

function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 3000 });
  else setTimeout(fn, 200);
}

const idle = () => new Promise<void>((resolve) => whenIdle(resolve));

/**
 * Runs the console's modules (what signing in runs, then the router, then the shell and the page to open), one
 * step per idle period: each is a long task, and a keystroke between two of them is handled first. Evaluating
 * them reads and requests nothing (console-root.tsx); what a failed import would leave is done again on sign-in.
 */
async function warmConsole(pageToOpen: () => string): Promise<void> {
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
  // Focusing the email field is not yet a reason: the person's first keystroke there must not compete.
  return event.target instanceof HTMLInputElement && event.target.type === 'password';
}

/**
 * The console's files (shell, the target page) in two steps, so that they never compete with the person's first
 * keystroke: once the form has been painted and the page is idle, they are only downloaded; once the person
 * interacts with the form, they are compiled and run, at idle times after that interaction (the keystroke is
 * handled first), so that signing in leaves only the requests and the first render.
 */
export function preloadConsoleWhenIdle(pageToOpen: () => string, doc: Document = document): void {
  if (scheduled) return;
  scheduled = true;
  let compiled = false;
  const compile = (event: Event) => {
    if (compiled || !isInteraction(event)) return;
    compiled = true;
    for (const type of INTERACTIONS) doc.removeEventListener(type, compile, true);
    whenIdle(() => {
      preloadAfterSignInFiles(doc, 'modulepreload');
      void warmConsole(pageToOpen).catch(() => undefined);
    });
  };
  for (const type of INTERACTIONS) doc.addEventListener(type, compile, { capture: true, passive: true });
  // A timeout queued in an animation frame runs after that frame's paint.
  // No cleanup: the listeners go with the first interaction, and the page leaves on sign-in anyway.
  requestAnimationFrame(() => setTimeout(() => whenIdle(() => preloadAfterSignInFiles(doc, 'prefetch'))));
}
