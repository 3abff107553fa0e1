import { describeValue, fieldLabel, type RouteRecord } from '../../shared/proxy';

export interface LiveState {
  /** Short words for the column badge. */
  label: string;
  color: 'teal' | 'orange' | 'red' | 'gray';
  /** The plain-words meaning, for the details. */
  explanation: string;
  /** Each difference the dashboard's drift check listed, in words. */
  differences: string[];
  checkedAt: Date | null;
  /** The route changed after the last check, so the check says nothing about the change. */
  staleCheck: boolean;
}

const IN_SYNC = new Set(['synced', 'in_sync', 'in-sync', 'ok', 'live']);
const DRIFT = new Set(['drift', 'drifted', 'out_of_sync', 'out-of-sync', 'mismatch', 'diverged']);
const MISSING = new Set(['missing', 'missing_in_proxy', 'missing-in-proxy', 'absent', 'not_in_proxy']);

function differenceText(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (typeof entry === 'object' && entry !== null && 'field' in entry) {
    const { field, dashboard, proxy } = entry as { field: unknown; dashboard?: unknown; proxy?: unknown };
    return `${fieldLabel(String(field))}: the dashboard has ${describeValue(dashboard)}, the proxy has ${describeValue(proxy)}`;
  }
  return JSON.stringify(entry);
}

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
      typeof value === 'object' && value !== null && ('dashboard' in value || 'proxy' in value)
        ? differenceText({ field, ...value })
        : `${fieldLabel(field)}: ${describeValue(value)}`,
    );
  }
  return [String(diff)];
}

/**
 * What the dashboard's own drift checks say about a route (`syncStatus`, `syncDiff`, `syncCheckedAt`). A write
 * never sets these, so right after one the state is what the last check found, or "not checked".
 */
export function liveStateOf(route: RouteRecord): LiveState {
  const status = (route.syncStatus ?? '').toLowerCase();
  const checkedAt = route.syncCheckedAt ?? null;
  const staleCheck = Boolean(checkedAt && route.updatedAt && route.updatedAt.getTime() > checkedAt.getTime());
  const differences = describeSyncDiff(route.syncDiff);
  const base = { differences, checkedAt, staleCheck };
  if (!status) {
    return {
      ...base,
      label: 'Not checked',
      color: 'gray',
      explanation:
        'The dashboard has not compared this route with the proxy yet, so whether requests reach its upstreams is unknown.',
    };
  }
  if (IN_SYNC.has(status)) {
    return {
      ...base,
      label: 'In sync',
      color: 'teal',
      explanation: 'At the last check the proxy served this route as the dashboard has it.',
    };
  }
  if (MISSING.has(status)) {
    return {
      ...base,
      label: 'Missing in proxy',
      color: 'red',
      explanation:
        'The dashboard has this route but the proxy does not serve it: requests for the domain do not reach its upstreams.',
    };
  }
  if (DRIFT.has(status)) {
    return {
      ...base,
      label: 'Drift',
      color: 'orange',
      explanation:
        'Drift: the proxy serves this route differently from what the dashboard has stored, so what you see here is not what requests get.',
    };
  }
  return {
    ...base,
    label: route.syncStatus ?? status,
    color: 'gray',
    explanation: `The dashboard reports “${route.syncStatus}”, a state this console does not know.`,
  };
}
