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
    response: () => successSchema({ presence: userPresenceSchema }),
  }),
} as const;
