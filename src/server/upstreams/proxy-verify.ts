import { DEFAULT_WEIGHT, type ProxyProcedureName, type RouteRecord, type WriteReport } from '../../shared/proxy';
import type { ProxyCallResult, ProxyUpstream } from './proxy-upstream';

/** How each field is compared with its read-back; anything not listed is compared as JSON. */
const normalizers: Record<string, (value: unknown) => unknown> = {
  domain: (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  name: (v) => (typeof v === 'string' ? v.trim() : v),
  upstreams: (v) =>
    Array.isArray(v)
      ? v.map((u: { address?: unknown; weight?: unknown }) => ({
          address: typeof u.address === 'string' ? u.address.trim() : u.address,
          weight: u.weight ?? DEFAULT_WEIGHT,
        }))
      : v,
};

function same(field: string, sent: unknown, stored: unknown): boolean {
  const normalize = normalizers[field] ?? ((v: unknown) => v);
  return JSON.stringify(normalize(sent)) === JSON.stringify(normalize(stored ?? null));
}

function weightWarnings(fields: Record<string, unknown>): WriteReport['warnings'] {
  const upstreams = fields.upstreams;
  if (!Array.isArray(upstreams)) return [];
  return upstreams.some((u: { weight?: unknown }) => u.weight !== undefined && u.weight !== DEFAULT_WEIGHT)
    ? ['weight']
    : [];
}

/**
 * Compares every field a create or update sent with the route as the dashboard now has it. `stored` is null when
 * the read-back failed; then nothing is confirmed.
 */
export function verifyWrite(sent: Record<string, unknown>, stored: RouteRecord | null): WriteReport {
  const unconfirmed: WriteReport['unconfirmed'] = ['proxy'];
  if (sent.enabled === false) unconfirmed.push('traffic');
  const report: WriteReport = {
    readBack: stored ? 'read' : 'failed',
    confirmed: [],
    dropped: [],
    unconfirmed,
    warnings: weightWarnings(sent),
  };
  if (!stored) return report;
  const record = stored as Record<string, unknown>;
  for (const [field, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (same(field, value, record[field])) report.confirmed.push(field);
    else report.dropped.push({ field, sent: value, stored: record[field] ?? null });
  }
  return report;
}

/** After a delete: the route must be gone; the dashboard removes a deleted route from the proxy itself. */
export function verifyDelete(readBack: 'missing' | 'present' | 'failed'): WriteReport {
  return {
    readBack: readBack === 'present' ? 'read' : readBack,
    confirmed: readBack === 'missing' ? ['deleted'] : [],
    dropped: readBack === 'present' ? [{ field: 'deleted', sent: true, stored: false }] : [],
    unconfirmed: [],
    warnings: [],
  };
}

type WriteProcedure = 'publicApi.createRoute' | 'publicApi.updateRoute' | 'publicApi.deleteRoute';

export function isWriteProcedure(name: ProxyProcedureName): name is WriteProcedure {
  return name === 'publicApi.createRoute' || name === 'publicApi.updateRoute' || name === 'publicApi.deleteRoute';
}

export type VerifiedWrite =
  { ok: true; data: Record<string, unknown>; report: WriteReport } | Extract<ProxyCallResult, { ok: false }>;

/**
 * One write through the key API, then the read-back that tells what it did. The answer alone proves nothing:
 * the dashboard strips fields it does not take and still answers success.
 */
export async function verifiedWrite(
  proxy: ProxyUpstream,
  procedure: WriteProcedure,
  input: Record<string, unknown>,
): Promise<VerifiedWrite> {
  const answer = await proxy.call(procedure, input);
  if (!answer.ok) return answer;
  const data = answer.data as Record<string, unknown>;
  const id = procedure === 'publicApi.createRoute' ? data.id : input.id;
  if (typeof id !== 'string') return { ok: true, data, report: verifyWrite({}, null) };
  const readBack = await proxy.call('routes.get', { id });
  if (procedure === 'publicApi.deleteRoute') {
    const state = readBack.ok ? 'present' : readBack.error.code === 'NOT_FOUND' ? 'missing' : 'failed';
    return { ok: true, data, report: verifyDelete(state) };
  }
  const sent = procedure === 'publicApi.createRoute' ? input : ((input.patch ?? {}) as Record<string, unknown>);
  return { ok: true, data, report: verifyWrite(sent, readBack.ok ? (readBack.data as RouteRecord) : null) };
}
