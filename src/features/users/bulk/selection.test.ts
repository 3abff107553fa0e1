import { describe, expect, it } from 'vitest';
import { clear, clickRow, emptySelection, prune, selectAll, selectedAmong } from './selection';
import { progressOf } from './run-progress';

const rows = [10, 11, 12, 13, 14, 15];
const ids = (s: { ids: ReadonlySet<number> }) => [...s.ids].sort((a, b) => a - b);

describe('selection', () => {
  it('a click toggles one row and sets the anchor', () => {
    const one = clickRow(emptySelection, rows, 12, false);
    expect(ids(one)).toEqual([12]);
    expect(one.anchor).toBe(12);
    expect(ids(clickRow(one, rows, 12, false))).toEqual([]);
  });

  it('a shift-click selects the range from the anchor, in either direction', () => {
    const anchor = clickRow(emptySelection, rows, 11, false);
    expect(ids(clickRow(anchor, rows, 14, true))).toEqual([11, 12, 13, 14]);
    const back = clickRow(clickRow(emptySelection, rows, 14, false), rows, 12, true);
    expect(ids(back)).toEqual([12, 13, 14]);
  });

  it('a shift-click on a selected row clears the range', () => {
    const all = selectAll(clickRow(emptySelection, rows, 10, false), rows);
    const cleared = clickRow({ ...all, anchor: 11 }, rows, 13, true);
    expect(ids(cleared)).toEqual([10, 14, 15]);
  });

  it('a shift-click without an anchor in view toggles just that row', () => {
    const anchored = clickRow(emptySelection, [99], 99, false);
    expect(ids(clickRow(anchored, rows, 13, true))).toEqual([13, 99]);
  });

  it('select all matching adds every filtered row, keeps earlier picks, and counts', () => {
    const picked = clickRow(emptySelection, [1, 2], 1, false);
    const all = selectAll(picked, rows);
    expect(ids(all)).toEqual([1, ...rows]);
    expect(selectedAmong(all, rows)).toBe(rows.length);
    expect(ids(prune(all, new Set([1, 10])))).toEqual([1, 10]);
    expect(ids(clear())).toEqual([]);
  });
});

describe('run progress', () => {
  it('counts rows no longer pending', () => {
    const counts = { total: 8, pending: 2, done: 4, skipped: 1, failed: 1, cancelled: 0, unknown: 0 };
    expect(progressOf({ counts })).toEqual({ finished: 6, percent: 75 });
    expect(progressOf({ counts: { ...counts, total: 0, pending: 0 } }).percent).toBe(100);
  });
});
