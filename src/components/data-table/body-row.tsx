import { memo, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { DataTableColumn } from './data-table';
import classes from './data-table.module.css';

export interface BodyRowProps<T> {
  row: T;
  index: number;
  columns: readonly DataTableColumn<T>[];
  template: string;
  rowHeight: number;
  /** Offset from the top of the body (fixed per index: every row has the same height). */
  top: number;
  selected: boolean;
  focusable: boolean;
  onRowClick: (event: MouseEvent<HTMLDivElement>, index: number, row: T) => void;
  onRowPointerDown: (event: PointerEvent<HTMLDivElement>, row: T) => void;
  onRowKeyDown: (event: KeyboardEvent<HTMLDivElement>, index: number, row: T) => void;
}

/**
 * One body row. Memoized on purpose: while scrolling, the rows that stay in view get the same props and are
 * skipped, so each frame only renders the rows entering the window. Handlers are stable (see useStableCallback).
 */
function BodyRowImpl<T>({
  row,
  index,
  columns,
  template,
  rowHeight,
  top,
  selected,
  focusable,
  onRowClick,
  onRowPointerDown,
  onRowKeyDown,
}: BodyRowProps<T>) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-current={selected ? 'true' : undefined}
      data-index={index}
      data-selected={selected || undefined}
      tabIndex={focusable ? 0 : -1}
      className={classes.bodyRow}
      style={{ height: rowHeight, transform: `translateY(${top}px)`, gridTemplateColumns: template }}
      onClick={(event) => onRowClick(event, index, row)}
      onPointerDown={(event) => onRowPointerDown(event, row)}
      onKeyDown={(event) => onRowKeyDown(event, index, row)}
    >
      {columns.map((column, i) => (
        <div
          key={column.id}
          role="cell"
          aria-colindex={i + 1}
          className={classes.cell}
          style={column.align ? { justifySelf: column.align } : undefined}
        >
          {column.cell(row)}
        </div>
      ))}
    </div>
  );
}

// memo() loses the type parameter; the cast restores it (the props are the same).
export const BodyRow = memo(BodyRowImpl) as typeof BodyRowImpl;
