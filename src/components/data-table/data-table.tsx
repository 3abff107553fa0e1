import { useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { BodyRow } from './body-row';
import classes from './data-table.module.css';
import { HeaderRow } from './header-row';
import { useRowNavigation } from './row-navigation';
import { useRowPointer } from './row-pointer';
import { ScrollingContext } from './scrolling';
import { useTableVirtualizer } from './table-virtualizer';
import { HEADER_HEIGHT } from './viewport';

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

  const virtualizer = useTableVirtualizer(scrollRef, { rows, getRowId, rowHeight, minWidth });
  const { current, setActiveIndex, onRowKeyDown } = useRowNavigation({
    rowCount: rows.length,
    rowHeight,
    scrollRef,
    virtualizer,
    onSelect,
  });

  const { onRowClick, onRowPointerDown } = useRowPointer({ setActiveIndex, onSelect, onPress });

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
        <HeaderRow columns={columns} template={template} />
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
