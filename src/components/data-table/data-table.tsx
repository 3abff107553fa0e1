import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { BodyRow } from './body-row';
import classes from './data-table.module.css';
import { ScrollingContext } from './scrolling';
import { FALLBACK_VIEWPORT_HEIGHT, observeViewportSize, scrollViewport } from './viewport';

export { useDataTableScrolling } from './scrolling';

export interface DataTableColumn<T> {
  id: string;
  /** Column header text; also the cells' column name for assistive technology. */
  header: string;
  cell: (row: T) => ReactNode;
  /** A CSS grid track, e.g. `minmax(12rem, 2fr)` or `8rem`. */
  width?: string;
  align?: 'start' | 'center' | 'end';
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string | number;
  selectedId?: string | number | null;
  /** Called on row click and on Enter/Space on a focused row. */
  onSelect?: (row: T) => void;
  /**
   * Called when the mouse's primary button goes down on a row (not on a control in it): the click that selects
   * the row comes when the button is released, about a tenth of a second later, time enough to start loading
   * what selecting it will show.
   */
  onPress?: (row: T) => void;
  rowHeight?: number;
  /** Height of the scrolling viewport (any CSS length). */
  height?: CSSProperties['height'];
  /** Below this width the table scrolls horizontally instead of squeezing its columns. */
  minWidth?: number;
  /** Shown in place of rows when there are none. */
  empty?: ReactNode;
  /**
   * Key rendered rows by position instead of by row ID: when `rows` changes (a filter), the rows on screen
   * are updated in place rather than unmounted and created again, which is most of the cost of showing
   * new results. Only for tables whose cells keep no state of their own (it would stay with the position).
   */
  recycleRows?: boolean;
}

/** Controls inside a row: a press on one of them does its own thing, not the row's. */
const INTERACTIVE =
  'a, button, input, label, select, textarea, [role="button"], [role="checkbox"], [role="switch"], [role="combobox"]';

/** Whether the event comes from a control inside the row it reached (see INTERACTIVE). */
function isInRowControl(event: { target: EventTarget; currentTarget: Element }): boolean {
  const control = event.target instanceof Element ? event.target.closest(INTERACTIVE) : null;
  return control !== null && control !== event.currentTarget && event.currentTarget.contains(control);
}

/** The sticky header's height; rows start below it inside the scrolling viewport. */
const HEADER_HEIGHT = 40;

/**
 * Rows rendered beyond each edge of the viewport. Rows are memoized, so a scroll frame only renders the rows
 * that come into this window; a small window keeps that to a row or two per frame.
 */
const OVERSCAN = 3;

/** A callback whose identity never changes but which always runs the latest `fn` (for memoized rows). */
function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * A generic, virtualized table: only the rows in view (plus overscan) are in the DOM, so ten thousand
 * records scroll smoothly. ARIA table semantics (`table`/`row`/`columnheader`/`cell`) with row and column
 * counts, a sticky header, and row selection by click or keyboard (arrows move, Enter/Space select).
 */
export function DataTable<T>({
  label,
  rows,
  columns,
  getRowId,
  selectedId = null,
  onSelect,
  onPress,
  rowHeight = 52,
  height = 'max(320px, calc(100dvh - 260px))',
  minWidth = 720,
  empty = 'Nothing to show.',
  recycleRows = false,
}: DataTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const focusPending = useRef(false);

  // A new key function makes the virtualizer recompute every row's position (10,000 calls): it must only
  // change with the rows, not on each render (the table re-renders on every scroll frame).
  const getItemKey = useCallback((index: number) => getRowId(rows[index]!), [rows, getRowId]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
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

  const lastIndex = rows.length - 1;
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

  const onRowClick = useStableCallback((event: MouseEvent<HTMLDivElement>, index: number, row: T) => {
    // A click on a control in the row (a switch, a select, a button) is the control's, not the row's.
    if (isInRowControl(event)) return;
    setActiveIndex(index);
    onSelect?.(row);
  });

  const onRowPointerDown = useStableCallback((event: PointerEvent<HTMLDivElement>, row: T) => {
    // A mouse only: on a touch screen a press on a row is as often the start of a scroll as of a tap.
    if (!onPress || event.pointerType !== 'mouse' || event.button !== 0 || isInRowControl(event)) return;
    onPress(row);
  });

  const onRowKeyDown = useStableCallback((event: KeyboardEvent<HTMLDivElement>, index: number, row: T) => {
    // Keys pressed in a control inside the row (Space on a switch, arrows in a select) are the control's.
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight || FALLBACK_VIEWPORT_HEIGHT) / rowHeight) - 1);
    switch (event.key) {
      case 'Enter':
      case ' ':
        event.preventDefault();
        onSelect?.(row);
        return;
      case 'ArrowDown':
        event.preventDefault();
        moveTo(index + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        moveTo(index - 1);
        return;
      case 'PageDown':
        event.preventDefault();
        moveTo(index + page);
        return;
      case 'PageUp':
        event.preventDefault();
        moveTo(index - page);
        return;
      case 'Home':
        event.preventDefault();
        moveTo(0);
        return;
      case 'End':
        event.preventDefault();
        moveTo(lastIndex);
        return;
    }
  });

  const template = useMemo(() => columns.map((c) => c.width ?? 'minmax(8rem, 1fr)').join(' '), [columns]);
  const selectedKey = selectedId === null ? null : String(selectedId);
  const items = virtualizer.getVirtualItems();

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      className={classes.scroller}
      style={{ height }}
    >
      <div className={classes.inner} style={{ minWidth }}>
        <div role="rowgroup" className={classes.head}>
          <div
            role="row"
            aria-rowindex={1}
            className={classes.headRow}
            style={{ gridTemplateColumns: template, height: HEADER_HEIGHT }}
          >
            {columns.map((column, i) => (
              <div
                key={column.id}
                role="columnheader"
                aria-colindex={i + 1}
                className={classes.header}
                style={column.align ? { justifySelf: column.align } : undefined}
              >
                {column.header}
              </div>
            ))}
          </div>
        </div>
        {rows.length === 0 ? (
          <div className={classes.empty}>{empty}</div>
        ) : (
          <div role="rowgroup" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
            <ScrollingContext value={virtualizer.isScrolling}>
              {items.map((item) => {
                const row = rows[item.index]!;
                return (
                  <BodyRow
                    key={recycleRows ? item.index : item.key}
                    row={row}
                    index={item.index}
                    columns={columns}
                    template={template}
                    rowHeight={rowHeight}
                    top={item.start - HEADER_HEIGHT}
                    selected={selectedKey !== null && String(getRowId(row)) === selectedKey}
                    focusable={item.index === current}
                    onRowClick={onRowClick}
                    onRowPointerDown={onRowPointerDown}
                    onRowKeyDown={onRowKeyDown}
                  />
                );
              })}
            </ScrollingContext>
          </div>
        )}
      </div>
    </div>
  );
}
