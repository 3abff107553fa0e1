import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The console's SQL schema. The tables are created by the hand-written migrations in `migrations.ts`
 * (this file must describe exactly what they create); drizzle uses it to type the queries.
 */

/** One row per signed-in browser session. The raw session id (the cookie) is never stored: only its SHA-256. */
export const sessions = pgTable(
  'console_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The address used for Basic auth upstream (the console user's API email). */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: integer('role').notNull(),
    avatarUrl: text('avatar_url'),
    /** The upstream API key, AES-256-GCM encrypted (`v1.<iv>.<tag>.<ciphertext>`, base64url parts). */
    apiKeyEnc: text('api_key_enc').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Absolute expiry (created + SESSION_MAX_HOURS); idle expiry is last_seen_at + SESSION_IDLE_MINUTES. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('console_sessions_user_idx').on(t.userId), index('console_sessions_expires_idx').on(t.expiresAt)],
);

/** The audit timeline: one row per mutating operation, written `pending` before it runs and completed after. */
export const auditEntries = pgTable(
  'console_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name'),
    actorRole: integer('actor_role'),
    /** `chat`, `proxy` or `console` (sign-in and sign-out). */
    area: text('area').notNull(),
    /** The catalog operation id, e.g. `deactivateUser`, `session.signIn`, `proxy.routes.update`. */
    operation: text('operation').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    /** `pending`, `success` or `error`. */
    outcome: text('outcome').notNull(),
    errorCode: text('error_code'),
    errorMsg: text('error_msg'),
    requestId: text('request_id').notNull(),
    /** The request's parameters after redaction (no passwords, keys, tokens or message content). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** Which BFF process wrote it (host:pid). */
    replica: text('replica').notNull(),
  },
  (t) => [
    index('console_audit_at_idx').on(t.at),
    index('console_audit_actor_idx').on(t.actorUserId, t.id),
    index('console_audit_operation_idx').on(t.operation, t.id),
    index('console_audit_target_idx').on(t.targetType, t.targetId),
  ],
);

export const schema = { sessions, auditEntries };
export type SessionRow = typeof sessions.$inferSelect;
export type AuditRow = typeof auditEntries.$inferSelect;
