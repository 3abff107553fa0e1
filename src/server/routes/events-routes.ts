import { Hono } from 'hono';
import { streamSSE, type SSEMessage } from 'hono/streaming';
import { SSE_EVENTS, STREAM_SINCE_PARAM } from '../../shared/events/bff-stream';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { AppEnv, BffDeps } from '../app-types';
import type { Config } from '../config';
import { requireSession } from '../middleware/require-session';
import { Outbox, type HubMessage } from '../event-hub';

/** The BFF's own codes for refusing a stream (the shared table lists the ones the SPA maps to messages). */
export const TOO_MANY_STREAMS = bffErrorCodes.tooManyStreams;
export const SHUTTING_DOWN = bffErrorCodes.shuttingDown;

/** How long the browser waits before reconnecting a dropped stream. */
export const SSE_RETRY_MS = 2_000;
/** Messages a slow tab may fall behind before its stream is cut (it reconnects and replays). */
const OUTBOX_LIMIT = 1_000;

function toSse(message: Exclude<HubMessage, { type: 'closed' }>): SSEMessage {
  switch (message.type) {
    case 'svc':
      return { event: SSE_EVENTS.svc, id: message.id, data: JSON.stringify(message.event) };
    case 'resync':
      return { event: SSE_EVENTS.resync, id: message.id, data: JSON.stringify({ reason: message.reason }) };
    case 'registered':
      return { event: SSE_EVENTS.registered, id: message.id, data: JSON.stringify(message.registered) };
    case 'state':
      // Only a connection's first state carries an id (the current position); later ones leave
      // the tab's Last-Event-ID where its last event put it.
      return message.id
        ? { event: SSE_EVENTS.state, id: message.id, data: JSON.stringify(message.state) }
        : { event: SSE_EVENTS.state, data: JSON.stringify(message.state) };
  }
}

/**
 * `GET /bff/events`: one Server-Sent Events stream per tab. The session's upstream queue is shared by its
 * tabs (see EventHub); this route only subscribes, writes, keeps the connection alive and cleans up.
 */
export function eventsRoutes(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requireSession(config, deps), async (c) => {
    const session = c.get('session');

    const outbox = new Outbox<HubMessage>(OUTBOX_LIMIT);
    // A reconnect resumes after its Last-Event-ID; a tab's first stream where its session answer said (`events`).
    const lastEventId = c.req.header('last-event-id')?.trim() || c.req.query(STREAM_SINCE_PARAM)?.trim() || null;
    const subscription = deps.hub.subscribe(session, lastEventId, (message) => outbox.push(message));
    if (subscription.status === 'full') {
      c.header('cache-control', 'no-store');
      const msg =
        subscription.scope === 'session'
          ? `This session already has ${config.events.maxPerSession} live-update connections. Close some console tabs.`
          : `You already have ${config.events.maxPerUser} live-update connections across your sessions. Close some console tabs or sign out browsers you no longer use.`;
      return c.json(errorEnvelope(TOO_MANY_STREAMS, msg), 429);
    }
    if (subscription.status === 'closed') {
      return c.json(errorEnvelope(SHUTTING_DOWN, 'The console server is shutting down. Try again in a moment.'), 503);
    }

    const response = streamSSE(c, async (stream) => {
      const stop = () => outbox.close();
      stream.onAbort(stop);
      c.req.raw.signal.addEventListener('abort', stop, { once: true });
      let first = true;
      let checkedAt = Date.now();
      try {
        for (;;) {
          const item = await outbox.next(config.events.keepaliveMs);
          if (item === null || stream.aborted || stream.closed) break;
          if (deps.sessions.peek && Date.now() - checkedAt >= config.events.keepaliveMs) {
            // A stream never outlives its session (signed out on another replica, expired): it ends, and the
            // tab's reconnect gets 401. peek() does not extend the session: an open tab alone keeps nothing alive.
            checkedAt = Date.now();
            if (!(await deps.sessions.peek(session.id, deps.now()))) break;
          }
          if (item === 'keepalive') {
            await stream.write(': ping\n\n');
            continue;
          }
          if (item.type === 'closed') break;
          // The first message is always the current state; it carries the reconnect hint.
          await stream.writeSSE(first ? { ...toSse(item), retry: SSE_RETRY_MS } : toSse(item));
          first = false;
        }
      } finally {
        subscription.unsubscribe();
        outbox.close();
        c.req.raw.signal.removeEventListener('abort', stop);
      }
    });
    response.headers.set('cache-control', 'no-store');
    response.headers.set('x-accel-buffering', 'no');
    return response;
  });

  return app;
}
