import { KNOWN_ROUTE_FIELDS, ROUTE_FIELD_LABELS } from '../../shared/proxy';
import { paramLabel } from '../../shared/labels';

/**
 * The full record's settings beyond what the console models (`routes.get` adds them; the key API cannot change
 * them), each with a label and a reader that puts its value in words. Only these are shown: the dashboard sends
 * dozens more, whose meaning this console does not know, and a raw field name or value tells an admin nothing.
 */
interface ExtraField {
  label: string;
  /** The value in words; null when the value's shape is not the one known (the row is then left out). */
  words: (value: unknown) => string | null;
}

const yesNo = (value: unknown) => (typeof value === 'boolean' ? (value ? 'On' : 'Off') : null);

/** Whether something is configured, never what: a basic-auth value holds credentials. */
const setOrNot = (value: unknown) =>
  value === null || value === undefined || value === '' || value === false ? 'Not set' : 'Set';

function listOf(value: unknown, empty: string): string | null {
  if (!Array.isArray(value)) return null;
  const items = value.filter((v): v is string => typeof v === 'string');
  return items.length === 0 ? empty : items.join(', ');
}

function choice(words: Record<string, string>) {
  return (value: unknown) => (typeof value === 'string' ? (words[value] ?? null) : null);
}

function rateLimit(value: unknown): string | null {
  if (value === null || value === undefined || value === false) return 'Off';
  if (typeof value !== 'object') return null;
  const { requests, windowSeconds } = value as { requests?: unknown; windowSeconds?: unknown };
  if (typeof requests === 'number' && typeof windowSeconds === 'number') {
    return `${requests} requests per ${windowSeconds} s`;
  }
  return 'Set';
}

/** Header names only: a header value may carry a token. */
function headerNames(value: unknown): string | null {
  if (value === null || value === undefined) return 'None';
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const names = Object.keys(value);
  return names.length === 0 ? 'None' : names.join(', ');
}

function dateWords(value: unknown): string | null {
  if (value === null || value === undefined) return 'Never';
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toLocaleString() : null;
}

export const EXTRA_FIELDS: Record<string, ExtraField> = {
  aliases: { label: 'Other domains', words: (v) => listOf(v, 'None') },
  exposureMode: { label: 'Exposure', words: choice({ public: 'Public', internal: 'Internal only' }) },
  forceSSL: { label: 'Force HTTPS', words: yesNo },
  hstsEnabled: { label: 'HSTS', words: yesNo },
  http2Enabled: { label: 'HTTP/2', words: yesNo },
  wafMode: {
    label: 'Web application firewall',
    words: choice({ off: 'Off', detect: 'Detect only', block: 'Block' }),
  },
  rateLimit: { label: 'Rate limit', words: rateLimit },
  ipAllowlist: { label: 'IP allowlist', words: (v) => listOf(v, 'None (any address)') },
  basicAuth: { label: 'Password protection (basic auth)', words: setOrNot },
  headers: { label: 'Custom headers', words: headerNames },
  upstreamProtocol: { label: 'Upstream protocol', words: choice({ http: 'HTTP', https: 'HTTPS' }) },
  upstreamType: { label: 'Upstream kind', words: choice({ static: 'Fixed addresses', docker: 'Docker containers' }) },
  tlsDnsProviderId: { label: 'DNS provider for certificates', words: setOrNot },
  ssoProviderId: { label: 'Single sign-on provider', words: setOrNot },
  origin: { label: 'Created through', words: choice({ dashboard: 'The dashboard', api: 'An API key' }) },
  lastTrafficAt: { label: 'Last traffic', words: dateWords },
};

/** The record's known extra settings in words, in the table's order; unknown ones are counted, not shown. */
export function extraSettings(record: Record<string, unknown>): { rows: [string, string][]; unknown: number } {
  const rows: [string, string][] = [];
  for (const [field, def] of Object.entries(EXTRA_FIELDS)) {
    if (!(field in record)) continue;
    const words = def.words(record[field]);
    if (words !== null) rows.push([def.label, words]);
  }
  const known = new Set<string>([...KNOWN_ROUTE_FIELDS, ...Object.keys(EXTRA_FIELDS), 'scope']);
  const unknown = Object.keys(record).filter((key) => !known.has(key)).length;
  return { rows, unknown };
}

/** A route field in words, for differences: the console's own labels, the extras', else the name spelled out. */
export function routeFieldWords(field: string): string {
  return ROUTE_FIELD_LABELS[field] ?? EXTRA_FIELDS[field]?.label ?? paramLabel(field);
}
