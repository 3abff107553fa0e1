import { useSyncExternalStore } from 'react';
import { ApiError, NETWORK_ERROR_CODE } from '../../client/api-error';
import { notify } from '../../client/notify';
import {
  describeValue,
  fieldLabel,
  proxyErrorCodes,
  UNCONFIRMED_TEXT,
  writeReportSchema,
  type WriteReport,
} from '../../shared/proxy';

/**
 * The title of a failed write: a refusal is the dashboard's answer, but an unreachable dashboard (or console
 * server) answered nothing, and saying it "refused" would send the admin after the wrong cause.
 */
export function writeFailureTitle(error: unknown, refused: string): string {
  if (!(error instanceof ApiError)) return refused;
  if (error.code === NETWORK_ERROR_CODE) return 'The console server could not be reached';
  if (error.code === proxyErrorCodes.unavailable) return 'The dashboard could not be reached';
  return refused;
}

export type WriteAction = 'create' | 'update' | 'disable' | 'enable' | 'delete';

/** What the console tells about one write, built only from what the read-back showed. */
export interface WriteNotice {
  kind: 'success' | 'info' | 'error';
  title: string;
  /** One paragraph per point: confirmed, not applied, cannot be confirmed, warnings. */
  lines: string[];
}

/** The BFF's read-back report on a write's answer, or null when an older BFF sent none. */
export function reportOf(data: unknown): WriteReport | null {
  const report = (data as { report?: unknown } | null)?.report;
  const parsed = writeReportSchema.safeParse(report);
  return parsed.success ? parsed.data : null;
}

const TITLES: Record<WriteAction, [plain: string, partial: string]> = {
  create: ['Route stored by the dashboard', 'Route created, but not as sent'],
  update: ['Changes stored by the dashboard', 'Some changes were not applied'],
  disable: ['Stored as disabled — traffic may continue', 'The disable was not applied'],
  enable: ['Stored as enabled', 'The enable was not applied'],
  delete: ['Route deleted', 'The route is still there'],
};

export function describeWrite(action: WriteAction, domain: string, report: WriteReport | null): WriteNotice {
  if (report === null) {
    return {
      kind: 'info',
      title: 'The dashboard answered success',
      lines: [`The console could not check what changed for ${domain}; look at the route before relying on it.`],
    };
  }
  const lines: string[] = [];
  const dropped = report.dropped.length > 0;
  if (report.readBack === 'failed') {
    lines.push(`The dashboard answered success, but ${domain} could not be read back, so nothing is confirmed.`);
  } else if (action === 'delete') {
    lines.push(
      report.readBack === 'missing'
        ? `${domain} is gone from the dashboard (read back). Deleting through the key API also removes it from the proxy.`
        : `${domain} can still be read from the dashboard after the delete.`,
    );
  } else if (report.confirmed.length > 0) {
    lines.push(`Confirmed by reading ${domain} back: ${report.confirmed.map(fieldLabel).join(', ')}.`);
  }
  for (const d of report.dropped) {
    if (d.field === 'deleted') continue;
    lines.push(
      `Not applied: ${fieldLabel(d.field)} — sent ${describeValue(d.sent)}, the dashboard kept ${describeValue(d.stored)}.`,
    );
  }
  for (const u of report.unconfirmed) lines.push(`Cannot be confirmed: ${UNCONFIRMED_TEXT[u]}.`);
  if (report.warnings.includes('weight')) {
    lines.push(
      'Warning: an upstream weight other than 1 may be refused by the proxy, silently; after a dashboard restart such a route can stop the whole proxy config from loading.',
    );
  }
  const kind =
    dropped || report.readBack === 'failed' ? 'error' : report.unconfirmed.includes('traffic') ? 'info' : 'success';
  return { kind, title: TITLES[action][dropped ? 1 : 0], lines };
}

// The last write's notice per route, so the details keep saying it after the toast is gone.
let notices: Record<string, WriteNotice> = {};
const listeners = new Set<() => void>();

export function rememberWrite(routeId: string, notice: WriteNotice): void {
  notices = { ...notices, [routeId]: notice };
  for (const listener of listeners) listener();
}

export function forgetWrite(routeId: string): void {
  if (!(routeId in notices)) return;
  const { [routeId]: _gone, ...rest } = notices;
  notices = rest;
  for (const listener of listeners) listener();
}

export function useLastWrite(routeId: string | null): WriteNotice | null {
  const all = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notices,
  );
  return routeId ? (all[routeId] ?? null) : null;
}

/** Tells the outcome of a write in a toast and keeps it for the route's details. */
export function announceWrite(action: WriteAction, routeId: string, domain: string, data: unknown): WriteNotice {
  const notice = describeWrite(action, domain, reportOf(data));
  notify(notice.kind, `proxy-route-${routeId}`, notice.title, notice.lines.join(' '));
  if (action === 'delete') forgetWrite(routeId);
  else rememberWrite(routeId, notice);
  return notice;
}
