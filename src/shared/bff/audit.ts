import { z } from 'zod';
import { bffRoute } from './route-def';

/** The audit timeline's wire contract, shared by the BFF (`/bff/audit`) and the Audit page. */
export const AUDIT_PATH = '/bff/audit';
export const AUDIT_EXPORT_PATH = '/bff/audit/export';
export const AUDIT_OPERATIONS_PATH = '/bff/audit/operations';

/** `unknown`: the answer was lost, so whether the action took effect could not be told (see the entry's msg). */
export const auditOutcomes = ['pending', 'success', 'error', 'unknown'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

export const auditTargetTypes = [
  'user',
  'channel',
  'channel-folder',
  'group',
  'topic',
  'message',
  'linkifier',
  'draft',
  'snippet',
  'attachment',
  'realm',
  'route',
  'session',
  'webhook',
  'invitation',
  'profile_field',
  'emoji',
  'data_export',
  'playground',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const auditTargetSchema = z.object({
  type: z.enum(auditTargetTypes),
  id: z.string().nullable(),
  name: z.string().nullable(),
});
export type AuditTarget = z.infer<typeof auditTargetSchema>;

export const auditActorSchema = z.object({
  userId: z.number().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.number().nullable(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  /** ISO time the operation started. */
  at: z.string(),
  completedAt: z.string().nullable(),
  actor: auditActorSchema,
  area: z.enum(['chat', 'proxy', 'console']),
  operation: z.string(),
  target: auditTargetSchema.nullable(),
  outcome: z.enum(auditOutcomes),
  error: z.object({ code: z.string(), msg: z.string() }).nullable(),
  /** What the console saw of a successful change's effect (e.g. a proxy write's read-back), when it matters. */
  note: z.string().nullable().optional(),
  requestId: z.string(),
  params: z.record(z.string(), z.unknown()),
  replica: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * A page of the timeline, parsed by the Audit page: the BFF's own answer, small (one page), so the SPA reads
 * it through its schema rather than trusting its shape.
 */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The operation ids recorded so far. */
export const auditOperationsSchema = z.object({ operations: z.array(z.string()) });

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO date or date-time that names a real moment (no 30 February, no hour 25) between 1970 and 9999. */
export function isPossibleAuditTime(text: string): boolean {
  const m = ISO_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0)) as number[];
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return (
    year! >= 1970 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysInMonth &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    !Number.isNaN(Date.parse(text))
  );
}

/** The largest user id the store holds (a 32-bit integer column). */
export const MAX_USER_ID = 2_147_483_647;

const time = z
  .string()
  .trim()
  .refine(isPossibleAuditTime, 'Use an ISO date or date-time between 1970 and 9999, e.g. 2026-01-31T09:00Z.');
const noNul = (s: string) => !s.includes('\u0000');
const text = z.string().trim().max(200).refine(noNul, 'Remove the NUL character.');

/** Filters, as query parameters of `/bff/audit` and `/bff/audit/export` (and the Audit page's URL). */
export const auditFilterSchema = z.object({
  /** Email (part of it, any case) or numeric user id of the console user who acted. */
  actor: text
    .refine((s) => !/^\d+$/.test(s) || Number(s) <= MAX_USER_ID, `A user id is at most ${MAX_USER_ID}.`)
    .optional(),
  /** An operation id, e.g. `deactivateUser` (comma-separated for several). */
  operation: text.optional(),
  /** A target id (exact) or part of its display name. */
  target: text.optional(),
  targetType: z.enum(auditTargetTypes).optional(),
  outcome: z.enum(auditOutcomes).optional(),
  from: time.optional(),
  to: time.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditPageQuerySchema = auditFilterSchema.extend({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type AuditPageQuery = z.infer<typeof auditPageQuerySchema>;

export const AUDIT_FILTER_KEYS = ['actor', 'operation', 'target', 'targetType', 'outcome', 'from', 'to'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

/** The most rows one export returns; the response says when it was cut (`x-audit-truncated: true`). */
export const AUDIT_EXPORT_LIMIT = 50_000;

/** The Audit page's reads (`GET /bff/audit/export` is a download link, not a call). */
export const auditApi = {
  page: bffRoute({ method: 'GET', path: AUDIT_PATH, query: auditPageQuerySchema, answer: auditPageSchema }),
  operations: bffRoute({ method: 'GET', path: AUDIT_OPERATIONS_PATH, answer: auditOperationsSchema }),
};
