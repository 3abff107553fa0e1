import type { Page } from 'playwright';

/**
 * Records the time (performance.now(), from navigation start) at which `selector` first matches, using a
 * MutationObserver installed before any page script runs. A string: tsx's helpers do not exist in the page.
 */
export function markWhenPresent(selector: string): string {
  return `(() => {
    const sel = ${JSON.stringify(selector)};
    const check = () => {
      if (window.__benchAt === undefined && document.querySelector(sel)) window.__benchAt = performance.now();
      return window.__benchAt !== undefined;
    };
    const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  })();`;
}

/** The time markWhenPresent recorded, once it has. */
export async function markedTime(page: Page): Promise<number> {
  // Functions, not strings: the console's CSP forbids eval, which string predicates need.
  await page.waitForFunction(() => (window as { __benchAt?: number }).__benchAt !== undefined, undefined, {
    timeout: 30_000,
  });
  return (await page.evaluate('window.__benchAt')) as number;
}
