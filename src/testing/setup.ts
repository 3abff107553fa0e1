import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor poll until the page shows what they look for; a busy machine renders slower than the
// 1 s Testing Library allows by default, so the ceiling is generous (a passing test never waits for it).
configure({ asyncUtilTimeout: 10_000 });

/**
 * Runs before every test file, node and jsdom alike. The browser polyfills are what Mantine needs and jsdom
 * lacks; they are installed only when a DOM is present, so node-environment tests stay untouched.
 */
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub implements ResizeObserver {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, 'ResizeObserver', {
      writable: true,
      configurable: true,
      value: ResizeObserverStub,
    });
  }

  if (!Element.prototype.scrollIntoView) {
    Element.prototype.scrollIntoView = function scrollIntoView(): void {};
  }
  if (!Element.prototype.scrollTo) {
    Element.prototype.scrollTo = function scrollTo(): void {};
  }

  // Textarea's autosize re-measures when web fonts finish loading; jsdom has no FontFaceSet.
  if (!('fonts' in document)) {
    const fonts = new EventTarget();
    Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
  }

  // jsdom logs "not implemented" for the pseudo-element argument Mantine's scroll lock passes; drop it.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);

  afterEach(() => {
    cleanup();
  });
}
