import { z } from 'zod';

/**
 * What the console saw of a write's effect. The dashboard's key API answers `{ok: true}` (or `{id}`) whether or
 * not it kept each field, and whether or not the proxy behind it changed; so after every write the BFF reads the
 * route back (`routes.get`) and compares each field it sent. Browser and audit tell the user from this, never from
 * the bare answer.
 */
export const writeReportSchema = z.object({
  /** `read`: the route was read back; `missing`: it is not there (expected after a delete); `failed`: no read-back. */
  readBack: z.enum(['read', 'missing', 'failed']),
  /** Fields sent whose read-back equals what was sent. */
  confirmed: z.array(z.string()),
  /** Fields sent but stored otherwise: the dashboard dropped or changed them. */
  dropped: z.array(z.object({ field: z.string(), sent: z.unknown(), stored: z.unknown() })),
  /**
   * Effects the console cannot see: `proxy` — whether the proxy applied the stored change (the dashboard pushes in
   * the background and ignores failures); `traffic` — a disable through the key API stores the flag, and the
   * proxy may keep serving the domain.
   */
  unconfirmed: z.array(z.enum(['proxy', 'traffic'])),
  /** `weight`: an upstream weight other than the default was sent, which the proxy may refuse. */
  warnings: z.array(z.enum(['weight'])),
});
export type WriteReport = z.infer<typeof writeReportSchema>;

/** The words for route fields, shared by toasts and audit notes. */
export const ROUTE_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  domain: 'Domain',
  enabled: 'Enabled',
  upstreams: 'Upstreams',
  tlsMode: 'TLS mode',
  lbPolicy: 'Load balancing',
  compressionEnabled: 'Compression',
  healthCheckEnabled: 'Health checks',
  healthCheckPath: 'Health-check path',
  healthCheckInterval: 'Health-check interval',
  websocketEnabled: 'WebSockets',
  http3Enabled: 'HTTP/3',
  ssoEnabled: 'Single sign-on',
  deleted: 'Deleted',
};

export function fieldLabel(field: string): string {
  return ROUTE_FIELD_LABELS[field] ?? field;
}

/** A value as one short phrase: `on`, `off`, `/healthz`, `10.0.0.1:80 ×2, …`. */
export function describeValue(value: unknown): string {
  if (value === true) return 'on';
  if (value === false) return 'off';
  if (value === undefined || value === null) return 'nothing';
  if (Array.isArray(value)) {
    return value
      .map((v) => {
        if (typeof v === 'object' && v !== null && 'address' in v) {
          const { address, weight } = v as { address: unknown; weight?: unknown };
          return typeof weight === 'number' && weight !== 1 ? `${String(address)} ×${weight}` : String(address);
        }
        return typeof v === 'string' ? v : JSON.stringify(v);
      })
      .join(', ');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export const UNCONFIRMED_TEXT: Record<WriteReport['unconfirmed'][number], string> = {
  proxy:
    'whether the proxy applied it: the dashboard pushes changes to the proxy in the background and does not report failures',
  traffic:
    'that traffic stopped: a disable through the API key only stores the flag, and the proxy may keep serving the domain (the dashboard’s own switch removes it from the proxy)',
};

/** One plain-text summary (audit note, toast body): confirmed, not applied, cannot be confirmed, warnings. */
export function summarizeReport(report: WriteReport): string {
  const parts: string[] = [];
  if (report.readBack === 'failed') parts.push('The route could not be read back, so nothing is confirmed.');
  if (report.confirmed.length > 0) {
    parts.push(`Confirmed by reading the route back: ${report.confirmed.map(fieldLabel).join(', ')}.`);
  }
  if (report.dropped.length > 0) {
    parts.push(
      `Not applied: ${report.dropped
        .map((d) => `${fieldLabel(d.field)} (sent ${describeValue(d.sent)}, stored ${describeValue(d.stored)})`)
        .join('; ')}.`,
    );
  }
  if (report.unconfirmed.length > 0) {
    parts.push(`Cannot be confirmed: ${report.unconfirmed.map((u) => UNCONFIRMED_TEXT[u]).join('; ')}.`);
  }
  if (report.warnings.includes('weight')) {
    parts.push('Warning: an upstream weight other than 1 may be refused by the proxy.');
  }
  return parts.join(' ');
}
