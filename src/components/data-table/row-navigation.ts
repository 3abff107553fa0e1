import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useStableCallback } from './stable-callback';
import { FALLBACK_VIEWPORT_HEIGHT } from './viewport';

/**
 * The row that takes the keyboard (one tab stop for the whole table) and the keys that move it: arrows,
 * Page Up/Down, Home/End; Enter and Space select the row.
 */
export function useRowNavigation<T>(options: {
  rowCount: number;
  rowHeight: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizer: Pick<Virtualizer<HTMLDivElement, Element>, 'scrollToIndex'>;
  onSelect: ((row: T) => void) | undefined;
}) {
  const { rowCount, rowHeight, scrollRef, virtualizer, onSelect } = options;
  const [activeIndex, setActiveIndex] = useState(0);
  const focusPending = useRef(false);
  const lastIndex = rowCount - 1;
  const current = Math.min(activeIndex, Math.max(lastIndex, 0));

  // A keyboard move may target a row that is not rendered yet; focus it once it is.
  useEffect(() => {
    if (!focusPending.current) return;
    const node = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${current}"]`);
    if (node) {
      focusPending.current = false;
      node.focus({ preventScroll: true });
    }
  });

  const moveTo = useCallback(
    (index: number) => {
      const next = Math.max(0, Math.min(index, lastIndex));
      focusPending.current = true;
      setActiveIndex(next);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    },
    [lastIndex, virtualizer],
  );

  const onRowKeyDown = useStableCallback((event: KeyboardEvent<HTMLDivElement>, index: number, row: T) => {
    // Keys pressed in a control inside the row (Space on a switch, arrows in a select) are the control's.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect?.(row);
      return;
    }
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight || FALLBACK_VIEWPORT_HEIGHT) / rowHeight) - 1);
    const target = keyTarget(event.key, index, page, lastIndex);
    if (target === null) return;
    event.preventDefault();
    moveTo(target);
  });

  return { current, setActiveIndex, onRowKeyDown };
}

/** The row a navigation key moves to from `index`, or null for any other key. */
function keyTarget(key: string, index: number, page: number, lastIndex: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return index + 1;
    case 'ArrowUp':
      return index - 1;
    case 'PageDown':
      return index + page;
    case 'PageUp':
      return index - page;
    case 'Home':
      return 0;
    case 'End':
      return lastIndex;
    default:
      return null;
  }
}
