import { z } from 'zod';

/** The audit timeline's wire contract, shared by the BFF (`/bff/audit`) and the Audit page. */
export const AUDIT_PATH = '/bff/audit';
export const AUDIT_EXPORT_PATH = '/bff/audit/export';
export const AUDIT_OPERATIONS_PATH = '/bff/audit/operations';

export const auditOutcomes = ['pending', 'success', 'error'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

export const auditTargetTypes = [
  'user',
  'channel',
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
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export interface AuditTarget {
  type: AuditTargetType;
  id: string | null;
  name: string | null;
}

export interface AuditActor {
  userId: number | null;
  email: string;
  name: string | null;
  role: number | null;
}

export interface AuditEntry {
  id: number;
  /** ISO time the operation started. */
  at: string;
  completedAt: string | null;
  actor: AuditActor;
  area: 'chat' | 'proxy' | 'console';
  operation: string;
  target: AuditTarget | null;
  outcome: AuditOutcome;
  error: { code: string; msg: string } | null;
  /** What the console saw of a successful change's effect (e.g. a proxy write's read-back), when it matters. */
  note?: string | null;
  requestId: string;
  params: Record<string, unknown>;
  replica: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: number | null;
}

const time = z
  .string()
  .trim()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Use an ISO date or date-time.');
const text = z.string().trim().max(200);

/** Filters, as query parameters of `/bff/audit` and `/bff/audit/export` (and the Audit page's URL). */
export const auditFilterSchema = z.object({
  /** Email (part of it, any case) or numeric user id of the console user who acted. */
  actor: text.optional(),
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
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type AuditPageQuery = z.infer<typeof auditPageQuerySchema>;

export const AUDIT_FILTER_KEYS = ['actor', 'operation', 'target', 'targetType', 'outcome', 'from', 'to'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

/** The most rows one export returns; the response says when it was cut (`x-audit-truncated: true`). */
export const AUDIT_EXPORT_LIMIT = 50_000;
