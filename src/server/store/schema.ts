import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReplyTemplate } from '../../shared/bff/webhooks';

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
    /** What the console saw of a successful change's effect (a proxy write's read-back). */
    note: text('note'),
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

/**
 * Outgoing-webhook endpoints (one per registered bot). The bot's token is kept only sealed with AES-256-GCM
 * (`webhooks/token-vault.ts`, the endpoint id as additional data); it is never stored or returned in clear.
 */
export const webhookEndpoints = pgTable('console_webhook_endpoints', {
  /** 128 random bits, base64url: the receiver URL's last segment. */
  id: text('id').primaryKey(),
  botUserId: integer('bot_user_id').notNull(),
  botEmail: text('bot_email').notNull(),
  botFullName: text('bot_full_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdByUserId: integer('created_by_user_id').notNull(),
  createdByFullName: text('created_by_full_name').notNull(),
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
  sealedToken: text('sealed_token').notNull(),
  /** The reply template: `{kind: 'none'}` or `{kind: 'content', content}`. */
  reply: jsonb('reply').$type<ReplyTemplate>().notNull(),
  /** Every delivery accepted, including those dropped by the retention limit since. */
  deliveryCount: integer('delivery_count').notNull().default(0),
  lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true, mode: 'date' }),
});

/** Accepted deliveries, the newest 200 per endpoint (older ones are deleted in the recording transaction). */
export const webhookDeliveries = pgTable(
  'console_webhook_deliveries',
  {
    /** Increases with every delivery any endpoint receives: the contract's `seq`. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** `direct_message` or `mention`. */
    trigger: text('trigger').notNull(),
    /** As sent (`private_message` from servers before feature level 201). */
    rawTrigger: text('raw_trigger').notNull(),
    senderUserId: integer('sender_user_id').notNull(),
    senderEmail: text('sender_email').notNull(),
    senderFullName: text('sender_full_name').notNull(),
    /** `stream` (channel, stream_id, topic set) or `private` (recipients set). */
    whereType: text('where_type').notNull(),
    channel: text('channel'),
    streamId: integer('stream_id'),
    topic: text('topic'),
    /** Direct messages: the participants' names. */
    recipients: jsonb('recipients').$type<string[]>(),
    messageId: integer('message_id').notNull(),
    /** The raw Markdown content. */
    data: text('data').notNull(),
    /** The notification as received, its `token` replaced by `[redacted]` (a CHECK refuses anything else). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The body the receiver answered with. */
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('console_webhook_deliveries_endpoint_idx').on(t.endpointId, t.id)],
);

/**
 * Bulk runs (`bulk/`): the run's summary, rows and remaining steps as one JSON document, rewritten as the run
 * goes; `heartbeat_at` is renewed by the process running it, so a run whose process is gone is recognised.
 */
export const bulkRuns = pgTable(
  'console_bulk_runs',
  {
    id: text('id').primaryKey(),
    ownerUserId: integer('owner_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull(),
    finished: boolean('finished').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('console_bulk_runs_owner_idx').on(t.ownerUserId, t.createdAt)],
);

export const schema = { sessions, auditEntries, webhookEndpoints, webhookDeliveries, bulkRuns };
export type BulkRunRowRecord = typeof bulkRuns.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuditRow = typeof auditEntries.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
