import type { DataTableColumn } from './data-table';
import classes from './data-table.module.css';
import { HEADER_HEIGHT } from './viewport';

/** The sticky header: one column header per column, on the rows' grid. */
export function HeaderRow<T>({ columns, template }: { columns: readonly DataTableColumn<T>[]; template: string }) {
  return (
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
  );
}
