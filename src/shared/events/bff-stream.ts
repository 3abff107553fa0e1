import { z } from 'zod';

/**
 * The BFF → browser Server-Sent Events protocol on `GET /bff/events`.
 * - event `svc`: one upstream chat event as JSON; the SSE `id` is the BFF's own sequence number for this
 *   session, so a reconnecting tab resumes with Last-Event-ID.
 * - event `resync`: the BFF could not deliver a gap-free sequence (queue lost, or the tab was away too
 *   long); the tab refetches everything it shows.
 * - event `state`: the health of the upstream queue, for the header indicator.
 * Keep-alive comments (`: ping`) carry no data.
 */
export const SSE_EVENTS = { svc: 'svc', resync: 'resync', state: 'state' } as const;

export const liveStates = ['live', 'reconnecting', 'offline'] as const;
export type LiveState = (typeof liveStates)[number];

export const stateMessageSchema = z.object({
  state: z.enum(liveStates),
  /** Why, in words for the indicator's tooltip. */
  detail: z.string().nullable(),
  /** When the BFF will try the upstream again (epoch ms), while reconnecting. */
  retryAt: z.number().nullable(),
});
export type StateMessage = z.infer<typeof stateMessageSchema>;

export const resyncMessageSchema = z.object({
  reason: z.enum(['queue-lost', 'gap', 'registered']),
});
export type ResyncMessage = z.infer<typeof resyncMessageSchema>;
