/**
 * Hand-written, append-only migrations. Each runs once, in order, inside one transaction that holds a
 * PostgreSQL advisory lock, so replicas starting together do not race; applied ids are kept in
 * `console_migrations`. Never edit a shipped migration: add the next one.
 */
export interface Migration {
  id: string;
  statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_sessions_and_audit',
    statements: [
      `CREATE TABLE console_sessions (
        id_hash text PRIMARY KEY,
        user_id integer NOT NULL,
        email text NOT NULL,
        full_name text NOT NULL,
        role integer NOT NULL,
        avatar_url text,
        api_key_enc text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX console_sessions_user_idx ON console_sessions (user_id)`,
      `CREATE INDEX console_sessions_expires_idx ON console_sessions (expires_at)`,
      `CREATE TABLE console_audit (
        id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
        at timestamptz NOT NULL,
        completed_at timestamptz,
        actor_user_id integer,
        actor_email text NOT NULL,
        actor_name text,
        actor_role integer,
        area text NOT NULL,
        operation text NOT NULL,
        target_type text,
        target_id text,
        target_name text,
        outcome text NOT NULL CHECK (outcome IN ('pending', 'success', 'error')),
        error_code text,
        error_msg text,
        request_id text NOT NULL,
        params jsonb NOT NULL,
        replica text NOT NULL
      )`,
      `CREATE INDEX console_audit_at_idx ON console_audit (at)`,
      `CREATE INDEX console_audit_actor_idx ON console_audit (actor_user_id, id)`,
      `CREATE INDEX console_audit_operation_idx ON console_audit (operation, id)`,
      `CREATE INDEX console_audit_target_idx ON console_audit (target_type, target_id)`,
    ],
  },
  {
    id: '0002_webhooks',
    statements: [
      `CREATE TABLE console_webhook_endpoints (
        id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{16,64}$'),
        bot_user_id integer NOT NULL,
        bot_email text NOT NULL,
        bot_full_name text NOT NULL,
        created_at timestamptz NOT NULL,
        created_by_user_id integer NOT NULL,
        created_by_full_name text NOT NULL,
        sealed_token text NOT NULL CHECK (sealed_token LIKE 'v1.%'),
        reply jsonb NOT NULL CHECK (
          (reply->>'kind' = 'none' AND NOT reply ? 'content')
          OR (reply->>'kind' = 'content' AND jsonb_typeof(reply->'content') = 'string' AND reply->>'content' <> '')
        ),
        delivery_count integer NOT NULL DEFAULT 0 CHECK (delivery_count >= 0),
        last_delivery_at timestamptz
      )`,
      `CREATE TABLE console_webhook_deliveries (
        id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
        endpoint_id text NOT NULL REFERENCES console_webhook_endpoints (id) ON DELETE CASCADE,
        received_at timestamptz NOT NULL,
        trigger text NOT NULL CHECK (trigger IN ('direct_message', 'mention')),
        raw_trigger text NOT NULL CHECK (raw_trigger IN ('direct_message', 'mention', 'private_message')),
        sender_user_id integer NOT NULL,
        sender_email text NOT NULL,
        sender_full_name text NOT NULL,
        where_type text NOT NULL CHECK (where_type IN ('stream', 'private')),
        channel text,
        stream_id integer,
        topic text,
        recipients jsonb,
        message_id integer NOT NULL,
        data text NOT NULL,
        payload jsonb NOT NULL CHECK (jsonb_typeof(payload) = 'object' AND payload->>'token' = '[redacted]'),
        response jsonb NOT NULL CHECK (jsonb_typeof(response) = 'object'),
        CHECK (
          (where_type = 'stream' AND channel IS NOT NULL AND topic IS NOT NULL AND recipients IS NULL)
          OR (where_type = 'private' AND jsonb_typeof(recipients) = 'array'
            AND channel IS NULL AND stream_id IS NULL AND topic IS NULL)
        )
      )`,
      `CREATE INDEX console_webhook_deliveries_endpoint_idx ON console_webhook_deliveries (endpoint_id, id)`,
    ],
  },
  {
    id: '0003_audit_note',
    statements: [`ALTER TABLE console_audit ADD COLUMN note text`],
  },
  {
    id: '0004_unknown_outcomes_and_bulk_runs',
    statements: [
      // A lost answer: the entry says `unknown` until a read-back tells what happened.
      `ALTER TABLE console_audit DROP CONSTRAINT IF EXISTS console_audit_outcome_check`,
      `ALTER TABLE console_audit ADD CONSTRAINT console_audit_outcome_check
        CHECK (outcome IN ('pending', 'success', 'error', 'unknown'))`,
      // Bulk runs outlive the process that ran them: its heartbeat says whether it still does.
      `CREATE TABLE console_bulk_runs (
        id text PRIMARY KEY,
        owner_user_id integer NOT NULL,
        created_at timestamptz NOT NULL,
        heartbeat_at timestamptz NOT NULL,
        finished boolean NOT NULL,
        state jsonb NOT NULL CHECK (jsonb_typeof(state) = 'object')
      )`,
      `CREATE INDEX console_bulk_runs_owner_idx ON console_bulk_runs (owner_user_id, created_at)`,
    ],
  },
];

/** Any fixed 64-bit number: the advisory lock all replicas take while migrating. */
export const MIGRATION_LOCK_KEY = 7_305_114_861;
