import { z } from 'zod';
import { successSchema } from '../envelope';
import { op } from '../op';

/** One client's report in the legacy presence format (since level 178 always `website` and `aggregated`). */
export const presenceReportSchema = z.looseObject({
  client: z.string().optional(),
  status: z.enum(['active', 'idle']),
  /** UNIX seconds of the report. */
  timestamp: z.number().int(),
  pushable: z.boolean().optional(),
});
export type PresenceReport = z.infer<typeof presenceReportSchema>;

/** `{client_name}` or `aggregated` → report. */
export const userPresenceSchema = z.record(z.string(), presenceReportSchema);
export type UserPresence = z.infer<typeof userPresenceSchema>;

/** One user's presence in the modern format, the only one `GET /users/{id}/presence` answers from level 487. */
export const modernPresenceSchema = z.looseObject({
  /** UNIX seconds of the last time the user was active, or idle; absent or null when never. */
  active_timestamp: z.number().nullable().optional(),
  idle_timestamp: z.number().nullable().optional(),
});

/**
 * Presence: when people were last seen. The organization-wide read is keyed by API email and lists only
 * users the server has presence data for (active humans who ever connected); "never active" is absence.
 */
export const presenceOps = {
  getRealmPresence: op({
    id: 'getRealmPresence',
    method: 'GET',
    path: '/realm/presence',
    params: () => z.strictObject({}),
    response: () =>
      successSchema({
        server_timestamp: z.number(),
        presences: z.record(z.string(), userPresenceSchema),
      }),
  }),
  getUserPresence: op({
    id: 'getUserPresence',
    method: 'GET',
    path: '/users/{user_id_or_email}/presence',
    params: () => z.strictObject({ user_id_or_email: z.string().min(1) }),
    // Legacy per-client reports below level 487, the modern format from it (api-changes.ts: presenceModernOnly).
    response: () => successSchema({ presence: z.union([userPresenceSchema, modernPresenceSchema]) }),
  }),
} as const;
