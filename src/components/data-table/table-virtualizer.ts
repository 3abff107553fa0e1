import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, type RefObject } from 'react';
import { FALLBACK_VIEWPORT_HEIGHT, HEADER_HEIGHT, observeViewportSize, scrollViewport } from './viewport';

/**
 * Rows rendered beyond each edge of the viewport. Rows are memoized, so a scroll frame only renders the rows
 * that come into this window; a small window keeps that to a row or two per frame.
 */
const OVERSCAN = 3;

/** The table's virtualizer: every row the same height, below the sticky header, sized by the viewport. */
export function useTableVirtualizer<T>(
  scrollRef: RefObject<HTMLDivElement | null>,
  options: { rows: readonly T[]; getRowId: (row: T) => string | number; rowHeight: number; minWidth: number },
) {
  const { rows, getRowId, rowHeight, minWidth } = options;
  // A new key function makes the virtualizer recompute every row's position (10,000 calls): it must only
  // change with the rows, not on each render (the table re-renders on every scroll frame).
  const getItemKey = useCallback((index: number) => getRowId(rows[index]!), [rows, getRowId]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  return useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey,
    overscan: OVERSCAN,
    // The list starts below the sticky header, and a row scrolled "into view" must not hide behind it.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialRect: { width: minWidth, height: FALLBACK_VIEWPORT_HEIGHT },
    observeElementRect: observeViewportSize,
    scrollToFn: scrollViewport,
  });
}
