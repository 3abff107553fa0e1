import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './card-table.module.css';

export interface CardTableColumn<T> {
  id: string;
  /** The column's header; on a phone, the name before each of its cells. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's name: on a phone it heads the row's card, without the column's name. */
  primary?: boolean;
  /** The row's buttons: on a phone they get a line of their own at the card's foot. */
  actions?: boolean;
}

export interface CardTableProps<T> {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  columns: readonly (CardTableColumn<T> | null | false)[];
  getRowId: (row: T) => string | number;
  striped?: boolean;
  /** Extra attributes of a row's element (a test id, a data attribute the page styles by). */
  rowAttributes?: (row: T) => Readonly<Record<`data-${string}`, string>>;
}

/**
 * A short list as a table on a wide screen and as a stack of cards on a phone (below 48em), where a table of
 * five or six columns would be wider than the screen and hide its actions. A column passed as null or false is
 * left out (a column with nothing in it for this role or this data). The ARIA roles are given explicitly: the
 * cards change how the table's parts are displayed, and some browsers drop a table's roles when that happens.
 */
export function CardTable<T>({ label, rows, columns, getRowId, striped = true, rowAttributes }: CardTableProps<T>) {
  const shown = columns.filter((c): c is CardTableColumn<T> => Boolean(c));
  return (
    <Table aria-label={label} striped={striped} className={classes.table} role="table">
      <Table.Thead>
        <Table.Tr role="row">
          {shown.map((c) => (
            <Table.Th key={c.id} role="columnheader">
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={getRowId(row)} role="row" {...rowAttributes?.(row)}>
            {shown.map((c) => (
              <Table.Td
                key={c.id}
                role="cell"
                data-label={c.header}
                data-primary={c.primary || undefined}
                data-actions={c.actions || undefined}
              >
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
