import { AFTER_SIGN_IN_META } from '../shared/bff/first-load';

let scheduled = false;

/** Adds a preload link per file the BFF listed in the sign-in page (none in development, where it lists none). */
export function preloadAfterSignInFiles(doc: Document = document): number {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${AFTER_SIGN_IN_META}"]`);
  const files = meta?.content.split(/\s+/).filter(Boolean) ?? [];
  for (const file of files) {
    const link = doc.createElement('link');
    // Module scripts and Vite's style links are same-origin CORS requests: the preload must be one too.
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
  return files.length;
}

/**
 * Once the sign-in form has been painted and the page is idle, fetches the console's files (shell, the target
 * page), so that signing in does not wait for them; never before, so that they do not compete with the form.
 */
export function preloadConsoleWhenIdle(): void {
  if (scheduled) return;
  scheduled = true;
  const idle = (fn: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 200);
  // A timeout queued in an animation frame runs after that frame's paint.
  requestAnimationFrame(() =>
    setTimeout(() =>
      idle(() => {
        preloadAfterSignInFiles();
        // The first module signing in runs (sign-in-main.tsx), which only the sign-in entry knows about.
        void import('./adopt-signed-in-session').catch(() => undefined);
      }),
    ),
  );
}
