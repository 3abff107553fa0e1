import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * Height assumed while the viewport reports none: before layout, in hidden containers and in jsdom
 * (which has no layout at all). Without it the virtualizer would render zero rows there.
 */
export const FALLBACK_VIEWPORT_HEIGHT = 800;

/**
 * The viewport's size, from a ResizeObserver only. The library's default also reads the size at once
 * (offsetWidth/offsetHeight), which forces the browser to lay out the whole page in the middle of React's
 * commit; the observer reports it after the browser's own layout, before paint. Until then (and where
 * there is no layout, as in jsdom) the virtualizer uses `initialRect`.
 */
export function observeViewportSize<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  cb: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    const box = entry.borderBoxSize?.[0];
    const width = Math.round(box ? box.inlineSize : entry.contentRect.width);
    const height = Math.round(box ? box.blockSize : entry.contentRect.height);
    cb({ width, height: height > 0 ? height : FALLBACK_VIEWPORT_HEIGHT });
  });
  observer.observe(element, { box: 'border-box' });
  return () => observer.disconnect();
}

const attachedViewports = new WeakSet<Element>();

/**
 * Scrolls the viewport, except for the virtualizer's first write when it attaches: it restores offset 0,
 * where a new viewport already is, and the write would force a layout of the whole page in the middle of
 * React's commit for nothing.
 */
export function scrollViewport<S extends Element, I extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<S, I>,
): void {
  const element = instance.scrollElement;
  if (element && !attachedViewports.has(element)) {
    attachedViewports.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

/** The sticky header's height; rows start below it inside the scrolling viewport. */
export const HEADER_HEIGHT = 40;
