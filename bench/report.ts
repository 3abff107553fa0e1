/**
 * The suite's table: every figure with its statistics, the floor it is compared with (measured in the same
 * run), the ratio, the budget and pass/fail. Each script records its section into bench/results/latest.json
 * (merged, so `npm run bench` leaves one file) and prints its rows.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { median, percentile } from './stack';

export interface Stats {
  median: number;
  p95: number;
  runs: number;
}

export interface Row {
  figure: string;
  unit: string;
  value: Stats | number | string;
  floor?: { label: string; value: Stats | number | string } | null;
  /** figure / floor (medians), or another ratio the budget is stated in. */
  ratio?: number | null;
  budget: string;
  pass: boolean | null;
  note?: string;
}

export const RESULTS_FILE = process.env.BENCH_RESULTS ?? 'bench/results/latest.json';

export function stats(values: number[]): Stats {
  return { median: round(median(values)), p95: round(percentile(values, 95)), runs: values.length };
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function ratio(a: number, b: number): number {
  return b > 0 ? round(a / b, 2) : Number.NaN;
}

/** Values measured beside a floor: medians and p95 of both, and their ratio. */
interface Measured {
  values: number[];
  floor: { label: string; values: number[] };
}

function againstFloor(figure: string, unit: string, { values, floor }: Measured) {
  return {
    figure,
    unit,
    value: stats(values),
    floor: { label: floor.label, value: stats(floor.values) },
    ratio: ratio(median(values), median(floor.values)),
  };
}

/** A figure with a budget of at most `atMost` times its floor (medians), measured in the same run. */
export function ratioRow(
  figure: string,
  unit: string,
  values: number[],
  floor: Measured['floor'],
  atMost: number,
): Row {
  return {
    ...againstFloor(figure, unit, { values, floor }),
    budget: `≤ ${atMost}×`,
    pass: median(values) <= atMost * median(floor.values),
  };
}

/** A figure reported against the floor measured beside it, with no budget of its own (pass: null). */
export function reportRow(
  figure: string,
  unit: string,
  values: number[],
  floor: Measured['floor'],
  note?: string,
): Row {
  return { ...againstFloor(figure, unit, { values, floor }), budget: 'report', pass: null, note };
}

function show(v: Stats | number | string | undefined): string {
  if (v === undefined) return '—';
  if (typeof v !== 'object') return String(v);
  return `${v.median} (p95 ${v.p95}, n=${v.runs})`;
}

export function printRows(rows: readonly Row[]): void {
  const table = rows.map((r) => ({
    figure: r.figure,
    unit: r.unit,
    'median (p95, runs)': show(r.value),
    floor: r.floor ? `${r.floor.label}: ${show(r.floor.value)}` : '—',
    ratio: r.ratio ?? '—',
    budget: r.budget,
    pass: r.pass === null ? 'report' : r.pass ? 'PASS' : 'FAIL',
    ...(rows.some((x) => x.note) ? { note: r.note ?? '' } : {}),
  }));
  console.table(table);
}

export function readResults(): { date?: string; sections?: Record<string, Row[]> } & Record<string, unknown> {
  return existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, never>) : {};
}

/** Merges a section into latest.json; `fresh` starts a new file (the first script of `npm run bench`). */
export function recordSection(section: string, rows: Row[], extra: Record<string, unknown> = {}, fresh = false): void {
  mkdirSync('bench/results', { recursive: true });
  const previous = fresh ? {} : readResults();
  const next = {
    ...previous,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, loadavg: loadavg().map((l) => round(l, 2)) },
    sections: { ...(previous.sections ?? {}), [section]: rows },
    [section]: extra,
  };
  writeFileSync(RESULTS_FILE, JSON.stringify(next, null, 2) + '\n');
  console.log(`\n== ${section} ==`);
  printRows(rows);
}

/** Every section recorded in latest.json, in one table (printed at the end of the suite). */
export function printAll(): void {
  const all = Object.values(readResults().sections ?? {}).flat();
  console.log('\n== all figures (bench/results/latest.json) ==');
  printRows(all);
}
