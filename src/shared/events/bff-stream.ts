import { z } from 'zod';
import { serverLimitsSchema } from '../bff/protocol';

/**
 * The BFF → browser Server-Sent Events protocol on `GET /bff/events`.
 * - event `svc`: one upstream chat event as JSON; the SSE `id` is the BFF's own sequence number for this
 *   session, so a reconnecting tab resumes with Last-Event-ID.
 * - event `resync`: the BFF could not deliver a gap-free sequence (queue lost, or the tab was away too
 *   long); the tab refetches everything it shows.
 * - event `state`: the health of the upstream queue, for the header indicator.
 * - event `registered`: the session's upstream queue is registered (see registeredMessageSchema).
 * Keep-alive comments (`: ping`) carry no data.
 */
export const SSE_EVENTS = { svc: 'svc', resync: 'resync', state: 'state', registered: 'registered' } as const;

/**
 * A tab's first stream starts where its session answer said the stream stood (`/bff/events?since=`,
 * SessionInfo.events), so what the BFF sent between that answer and the stream is replayed to it.
 */
export const STREAM_SINCE_PARAM = 'since';

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

/**
 * The session's upstream queue is registered (the first time, or with reads to redo). The BFF answers reads while
 * the queue registers (a sign-in does not wait for it), and such a read may have missed a change made between its
 * answer and the queue's start: `reread` names the chat operations (catalog ids) it forwarded before, which the
 * tab reads again. `limits` are the server's limits the registration reported (a session answer given before it
 * had none).
 */
export const registeredMessageSchema = z.object({
  reread: z.array(z.string()),
  limits: serverLimitsSchema.nullable(),
});
export type RegisteredMessage = z.infer<typeof registeredMessageSchema>;
