import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import classes from './data-table.module.css';

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
  rowHeight?: number;
  /** Height of the scrolling viewport (any CSS length). */
  height?: CSSProperties['height'];
  /** Below this width the table scrolls horizontally instead of squeezing its columns. */
  minWidth?: number;
  /** Shown in place of rows when there are none. */
  empty?: ReactNode;
}

/**
 * Height assumed while the viewport reports none: before layout, in hidden containers and in jsdom
 * (which has no layout at all). Without it the virtualizer would render zero rows there.
 */
const FALLBACK_VIEWPORT_HEIGHT = 800;

/** The sticky header's height; rows start below it inside the scrolling viewport. */
const HEADER_HEIGHT = 40;

function observeRectWithFallback<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  cb: (rect: Rect) => void,
) {
  return observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT_HEIGHT }),
  );
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
  rowHeight = 52,
  height = 'max(320px, calc(100dvh - 260px))',
  minWidth = 720,
  empty = 'Nothing to show.',
}: DataTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const focusPending = useRef(false);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => getRowId(rows[index]!),
    overscan: 8,
    // The list starts below the sticky header, and a row scrolled "into view" must not hide behind it.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialRect: { width: minWidth, height: FALLBACK_VIEWPORT_HEIGHT },
    observeElementRect: observeRectWithFallback,
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

  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, row: T) => {
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
  };

  const template = columns.map((c) => c.width ?? 'minmax(8rem, 1fr)').join(' ');
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
                style={{ justifySelf: column.align ?? 'start' }}
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
            {items.map((item) => {
              const row = rows[item.index]!;
              const id = getRowId(row);
              const selected = selectedId !== null && String(selectedId) === String(id);
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-current={selected ? 'true' : undefined}
                  data-index={item.index}
                  data-selected={selected || undefined}
                  tabIndex={item.index === current ? 0 : -1}
                  className={classes.bodyRow}
                  style={{
                    height: rowHeight,
                    transform: `translateY(${item.start - HEADER_HEIGHT}px)`,
                    gridTemplateColumns: template,
                  }}
                  onClick={() => {
                    setActiveIndex(item.index);
                    onSelect?.(row);
                  }}
                  onKeyDown={(event) => onRowKeyDown(event, item.index, row)}
                >
                  {columns.map((column, i) => (
                    <div
                      key={column.id}
                      role="cell"
                      aria-colindex={i + 1}
                      className={classes.cell}
                      style={{ justifySelf: column.align ?? 'start' }}
                    >
                      {column.cell(row)}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
