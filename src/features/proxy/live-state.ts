import { describeValue } from '../../shared/proxy';
import { routeFieldWords } from './extra-fields';

const IN_SYNC = new Set(['synced', 'in_sync', 'in-sync', 'ok', 'live']);
const DRIFT = new Set(['drift', 'drifted', 'out_of_sync', 'out-of-sync', 'mismatch', 'diverged']);
const MISSING = new Set(['missing', 'missing_in_proxy', 'missing-in-proxy', 'absent', 'not_in_proxy']);

/** A side's value in words; the drift detector names the sides `db` and `caddy`, the sync check `dashboard`/`proxy`. */
function sides(entry: Record<string, unknown>): { dashboard: unknown; proxy: unknown } {
  return {
    dashboard: 'dashboard' in entry ? entry.dashboard : entry.db,
    proxy: 'proxy' in entry ? entry.proxy : entry.caddy,
  };
}

function differenceText(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (typeof entry === 'object' && entry !== null && 'field' in entry) {
    const record = entry as Record<string, unknown>;
    const { dashboard, proxy } = sides(record);
    // The sync check's way of saying the whole route is absent: `{field: "route", dashboard: "present", proxy: "absent"}`.
    if (record.field === 'route') return 'The route: the dashboard has it, the proxy does not';
    return `${routeFieldWords(String(record.field))}: the dashboard has ${describeValue(dashboard)}, the proxy has ${describeValue(proxy)}`;
  }
  return typeof entry === 'object' && entry !== null ? describeValue([entry]) : String(entry);
}

const isSides = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  ('dashboard' in value || 'proxy' in value || 'db' in value || 'caddy' in value);

/** What a record's `syncStatus` says, whatever spelling the dashboard used. */
export function syncStatusKind(status: string | null | undefined): 'none' | 'synced' | 'drift' | 'missing' | 'other' {
  const value = (status ?? '').toLowerCase();
  if (!value) return 'none';
  if (IN_SYNC.has(value)) return 'synced';
  if (MISSING.has(value)) return 'missing';
  return DRIFT.has(value) ? 'drift' : 'other';
}

/** JSON text (a dashboard sends `syncDiff` as the text "[]" for an in-sync route) read as the value it holds. */
function parsedText(diff: string): unknown {
  try {
    return JSON.parse(diff) as unknown;
  } catch {
    return diff;
  }
}

/** `syncDiff` in words, whatever shape it came in (a list, a map of fields, text, JSON text). */
export function describeSyncDiff(diff: unknown): string[] {
  if (diff === null || diff === undefined || diff === '') return [];
  if (typeof diff === 'string') {
    const parsed = parsedText(diff.trim());
    return typeof parsed === 'string' ? [parsed] : describeSyncDiff(parsed);
  }
  if (Array.isArray(diff)) return diff.map(differenceText);
  if (typeof diff === 'object') {
    return Object.entries(diff as Record<string, unknown>).map(([field, value]) =>
      isSides(value) ? differenceText({ field, ...value }) : `${routeFieldWords(field)}: ${describeValue(value)}`,
    );
  }
  return [String(diff)];
}
