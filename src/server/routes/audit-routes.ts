import { Hono, type Context } from 'hono';
import { AUDIT_EXPORT_LIMIT, auditApi, auditFilterSchema, type AuditEntry } from '../../shared/bff/audit';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import { describeIssue } from '../../shared/svc/params';
import type { AppEnv, BffDeps } from '../app-types';
import type { Config } from '../config';
import { requireAdmin } from '../middleware/require-admin';
import { answer } from './route-answer';

export const FORBIDDEN = bffErrorCodes.forbidden;

const CSV_COLUMNS = [
  'id',
  'at',
  'completed_at',
  'actor_user_id',
  'actor_email',
  'actor_name',
  'actor_role',
  'area',
  'operation',
  'target_type',
  'target_id',
  'target_name',
  'outcome',
  'error_code',
  'error_msg',
  'note',
  'request_id',
  'params',
  'replica',
] as const;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A cell a spreadsheet would run as a formula is kept as text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) {
    lines.push(
      [
        e.id,
        e.at,
        e.completedAt,
        e.actor.userId,
        e.actor.email,
        e.actor.name,
        e.actor.role,
        e.area,
        e.operation,
        e.target?.type,
        e.target?.id,
        e.target?.name,
        e.outcome,
        e.error?.code,
        e.error?.msg,
        e.note,
        e.requestId,
        e.params,
        e.replica,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

function query(c: Context): Record<string, string> {
  return Object.fromEntries(new URL(c.req.url).searchParams);
}

/**
 * `/bff/audit`: the audit timeline, administrators only (checked here, whatever the SPA shows). `GET /`
 * pages newest first (`before` = the previous page's `nextCursor`); `GET /export?format=csv|json` returns
 * the filtered view as a download; `GET /operations` lists the operation ids recorded so far.
 */
export function auditRoutes(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();

  app.use(
    '*',
    async (c, next) => {
      c.header('cache-control', 'no-store');
      return next();
    },
    ...requireAdmin(config, deps, {
      code: FORBIDDEN,
      msg: 'Only organization owners and administrators can read the audit log.',
    }),
  );

  app.get('/', async (c) => {
    const parsed = auditApi.page.query.safeParse(query(c));
    if (!parsed.success) {
      return c.json(errorEnvelope(bffErrorCodes.invalidParams, describeIssue(parsed.error.issues[0]).msg), 400);
    }
    return answer(c, auditApi.page, await deps.audit.page(parsed.data));
  });

  app.get('/operations', async (c) => answer(c, auditApi.operations, { operations: await deps.audit.operations() }));

  app.get('/export', async (c) => {
    const { format = 'csv', ...rest } = query(c);
    if (format !== 'csv' && format !== 'json') {
      return c.json(errorEnvelope(bffErrorCodes.invalidParams, 'format must be csv or json.'), 400);
    }
    const parsed = auditFilterSchema.safeParse(rest);
    if (!parsed.success) {
      return c.json(errorEnvelope(bffErrorCodes.invalidParams, describeIssue(parsed.error.issues[0]).msg), 400);
    }
    const entries = await deps.audit.export(parsed.data, AUDIT_EXPORT_LIMIT + 1);
    const truncated = entries.length > AUDIT_EXPORT_LIMIT;
    const rows = entries.slice(0, AUDIT_EXPORT_LIMIT);
    const stamp = new Date(deps.now()).toISOString().replace(/[:.]/g, '-');
    c.header('content-disposition', `attachment; filename="audit-${stamp}.${format}"`);
    c.header('x-audit-truncated', String(truncated));
    if (format === 'json') return c.json({ filter: parsed.data, truncated, entries: rows });
    return c.body(auditCsv(rows), 200, { 'content-type': 'text/csv; charset=utf-8' });
  });

  return app;
}
