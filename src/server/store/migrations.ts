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
];

/** Any fixed 64-bit number: the advisory lock all replicas take while migrating. */
export const MIGRATION_LOCK_KEY = 7_305_114_861;
