/**
 * Multi-select over the users table, as pure functions: a click toggles one row, a shift-click sets the
 * whole range from the last clicked row to this one to the anchor row's new state, "select all matching"
 * adds every row the filter shows (also those scrolled out of view).
 */
export interface Selection {
  ids: ReadonlySet<number>;
  /** The row last clicked without shift (where a shift-click range starts). */
  anchor: number | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null };

export function toggle(selection: Selection, id: number): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** A click on a row's checkbox; `rows` are the IDs in the order shown. */
export function clickRow(selection: Selection, rows: readonly number[], id: number, shiftKey: boolean): Selection {
  const from = selection.anchor === null ? -1 : rows.indexOf(selection.anchor);
  const to = rows.indexOf(id);
  if (!shiftKey || from === -1 || to === -1) return toggle(selection, id);
  // The range takes the state the clicked row is about to get.
  const select = !selection.ids.has(id);
  const ids = new Set(selection.ids);
  const [start, end] = from < to ? [from, to] : [to, from];
  for (let i = start; i <= end; i++) {
    const rowId = rows[i]!;
    if (select) ids.add(rowId);
    else ids.delete(rowId);
  }
  return { ids, anchor: id };
}

export function selectAll(selection: Selection, rows: readonly number[]): Selection {
  return { ids: new Set([...selection.ids, ...rows]), anchor: selection.anchor };
}

export function clear(): Selection {
  return emptySelection;
}

/** How many of `rows` are selected (the header checkbox's state). */
export function selectedAmong(selection: Selection, rows: readonly number[]): number {
  let n = 0;
  for (const id of rows) if (selection.ids.has(id)) n++;
  return n;
}

/** Keeps only IDs that still exist (after the users list changed). */
export function prune(selection: Selection, existing: ReadonlySet<number>): Selection {
  const ids = new Set([...selection.ids].filter((id) => existing.has(id)));
  return ids.size === selection.ids.size ? selection : { ids, anchor: selection.anchor };
}
