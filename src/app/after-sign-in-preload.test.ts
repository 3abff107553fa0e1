// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/sign-in?next=%2Fchannels" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_SIGN_IN_META } from '../shared/bff/first-load';

const warmed = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('./console-root', () => ({ warmConsole: (path: string) => warmed.paths.push(path) }));
vi.mock('./adopt-signed-in-session', () => ({ adoptSignedInSession: () => undefined }));

const { preloadConsoleWhenIdle } = await import('./after-sign-in-preload');

/** Runs idle callbacks and the promise turns between them until nothing is left to run. */
async function settle() {
  for (let i = 0; i < 10; i++) {
    await vi.runAllTimersAsync();
  }
}

describe("the sign-in page runs the console's modules ahead of the click", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no requestIdleCallback: the module falls back to a timer, which the fake clock runs.
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(0), 16));
    warmed.paths.length = 0;
    document.head.innerHTML = `<meta name="${AFTER_SIGN_IN_META}" content="assets/shell.js assets/users.js assets/shell.css">`;
    document.body.innerHTML = '<input type="email"><input type="password">';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('only once the person interacts with the password field, and for the page signing in will open', async () => {
    const preloads = () =>
      [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`).sort();
    preloadConsoleWhenIdle(() => '/channels');
    await settle();
    // Painted and idle: nothing is fetched and nothing of the console runs yet.
    expect(preloads()).toEqual([]);
    expect(warmed.paths).toEqual([]);
    // Focusing the email field is no reason: the first keystroke there must not compete.
    document.querySelector<HTMLInputElement>('input[type="email"]')!.focus();
    await settle();
    expect(preloads()).toEqual([]);
    expect(warmed.paths).toEqual([]);
    document.querySelector<HTMLInputElement>('input[type="password"]')!.focus();
    await settle();
    expect(preloads()).toEqual([
      'modulepreload /assets/shell.js',
      'modulepreload /assets/users.js',
      'preload /assets/shell.css',
    ]);
    expect(warmed.paths).toEqual(['/channels']);
    // Later interactions run nothing again.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await settle();
    expect(warmed.paths).toEqual(['/channels']);
  });
});
