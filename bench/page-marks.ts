import type { Locator, Page } from 'playwright';

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

/** Records the time (performance.now()) at which the page first handles an `input` event: a keystroke accepted. */
export const MARK_FIRST_INPUT = `addEventListener('input', () => {
  if (window.__benchInputAt === undefined) window.__benchInputAt = performance.now();
}, { capture: true });`;

/** The time MARK_FIRST_INPUT recorded, once it has. */
export async function inputTime(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as { __benchInputAt?: number }).__benchInputAt !== undefined, undefined, {
    timeout: 30_000,
  });
  return (await page.evaluate('window.__benchInputAt')) as number;
}

/** The time markWhenPresent recorded, once it has. */
export async function markedTime(page: Page): Promise<number> {
  // Functions, not strings: the console's CSP forbids eval, which string predicates need.
  await page.waitForFunction(() => (window as { __benchAt?: number }).__benchAt !== undefined, undefined, {
    timeout: 30_000,
  });
  return (await page.evaluate('window.__benchAt')) as number;
}

/** How long the mouse button stays down in a click the bench makes like a person (a typical click: 80–120 ms). */
export const PRESS_MS = 100;

/**
 * Clicks `target` as a person does, the button down for PRESS_MS, and returns the time from the press to the
 * animation frame in which `doneSelector` first matches. From the press, because a page may start loading
 * on it; the click event itself comes on release.
 */
export async function timedPress(page: Page, target: Locator, doneSelector: string): Promise<number> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  await page.mouse.move(box.x + Math.min(40, box.width / 2), box.y + box.height / 2);
  await page.evaluate(`(() => {
    window.__benchDown = undefined;
    window.__benchAt = undefined;
    addEventListener('pointerdown', () => { window.__benchDown = performance.now(); }, { once: true, capture: true });
    const check = () => {
      if (document.querySelector(${JSON.stringify(doneSelector)})) window.__benchAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
  await page.mouse.down();
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.up();
  const at = await markedTime(page);
  return at - ((await page.evaluate('window.__benchDown')) as number);
}

/**
 * Runs `action` (script source) in the page and returns the time from just before it to the animation frame in
 * which `doneSelector` first matches: a user sees a change at the frame that paints it.
 */
export async function timedInPage(page: Page, action: string, doneSelector: string): Promise<number> {
  return (await page.evaluate(`(async () => {
    const t0 = performance.now();
    ${action};
    await new Promise((resolve, reject) => {
      const check = () => {
        if (document.querySelector(${JSON.stringify(doneSelector)})) resolve();
        else if (performance.now() - t0 > 30000) reject(new Error('not shown: ' + ${JSON.stringify(doneSelector)}));
        else requestAnimationFrame(check);
      };
      check();
    });
    return performance.now() - t0;
  })()`)) as number;
}

/** The floor of a page that shows one response: fetching `url` in the page and parsing it as JSON. */
export async function fetchAndParseTime(page: Page, url: string): Promise<number> {
  return (await page.evaluate(`(async () => {
    const s = performance.now();
    const r = await fetch(${JSON.stringify(url)});
    JSON.parse(await r.text());
    return performance.now() - s;
  })()`)) as number;
}
