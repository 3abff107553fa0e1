import type { QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../shared/bff/protocol';
import {
  registeredMessageSchema,
  SSE_EVENTS,
  STREAM_SINCE_PARAM,
  stateMessageSchema,
  type RegisteredMessage,
} from '../shared/events/bff-stream';
import { svcEventBaseSchema } from '../shared/events/svc-events';
import type { EventHandler } from './event-handlers';
import { rereadMatcher, rereadQueries } from './live-events-reread';
import { setLiveStatus } from './live-status';
import { sessionKey } from './session';

const RETRY_AFTER_CLOSE_MS = 5_000;

function parsed(message: Event): unknown {
  try {
    return JSON.parse((message as MessageEvent<string>).data);
  } catch {
    return null;
  }
}

/**
 * The session's queue is registered: a session answer given before it had no limits (they are filled in, without
 * asking again), and the reads the BFF forwarded before it may have missed a change: they are read again.
 */
function registered(client: QueryClient, message: RegisteredMessage): void {
  const { limits, reread } = message;
  if (limits) {
    client.setQueryData<SessionInfo>(sessionKey, (info) =>
      info && info.user && !info.limits ? { ...info, limits } : info,
    );
  }
  if (reread.length > 0) rereadQueries(client, rereadMatcher(reread));
}

/**
 * The stream's kinds of message: each chat event to its handlers, resync, the queue's registration, and the
 * upstream's state; `onPosition` hears each message's stream id.
 */
function listen(
  source: EventSource,
  client: QueryClient,
  handlers: Map<string, EventHandler[]>,
  on: { onState: (state: UpstreamState) => void; onPosition: (id: string) => void },
): void {
  for (const type of Object.values(SSE_EVENTS)) {
    source.addEventListener(type, (message) => {
      const id = (message as MessageEvent<string>).lastEventId;
      if (id) on.onPosition(id);
    });
  }
  source.addEventListener(SSE_EVENTS.registered, (message) => {
    const read = registeredMessageSchema.safeParse(parsed(message));
    if (read.success) registered(client, read.data);
  });
  source.addEventListener(SSE_EVENTS.state, (message) => {
    const state = stateMessageSchema.safeParse(parsed(message));
    if (state.success) on.onState({ state: state.data.state, detail: state.data.detail });
  });
  source.addEventListener(SSE_EVENTS.resync, () => {
    // The BFF could not guarantee a gap-free sequence: everything shown may be stale.
    void client.invalidateQueries();
  });
  source.addEventListener(SSE_EVENTS.svc, (message) => {
    const event = svcEventBaseSchema.safeParse(parsed(message));
    if (!event.success) return;
    for (const handler of handlers.get(event.data.type) ?? []) handler(event.data, client);
  });
}

/** Listens to the window's network and page-cache changes; returns the way to stop. Nothing outside a browser. */
function watchBrowser(listeners: Record<'offline' | 'online' | 'pagehide' | 'pageshow', (event: Event) => void>) {
  // Absent outside a browser (unit tests run in Node).
  const browser: EventTarget | null = typeof window === 'undefined' ? null : window;
  const entries = Object.entries(listeners);
  for (const [type, listener] of entries) browser?.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of entries) browser?.removeEventListener(type, listener);
  };
}

type UpstreamState = { state: 'live' | 'reconnecting' | 'offline'; detail: string | null };

export interface LiveEventsOptions {
  client: QueryClient;
  handlers: Map<string, EventHandler[]>;
  /** Asked when the stream is refused outright (e.g. the session ended), so the app can re-check it. */
  onRefused: () => void;
  /**
   * Where the first stream starts (the session answer's `events`): the tab's reads came after that answer, so
   * what the BFF sent since is sent to it. Later streams resume after the last message this tab heard.
   */
  since?: string;
  url?: string;
}

/**
 * One Server-Sent Events subscription per tab, through the browser's own EventSource (it reconnects by
 * itself and sends Last-Event-ID, so the BFF can replay what the tab missed). Each chat event is parsed at
 * this trust boundary and handed to the handlers of its type; `resync` refetches everything.
 */
export function connectLiveEvents(options: LiveEventsOptions): () => void {
  const { client, handlers, onRefused } = options;
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let upstreamState: UpstreamState = { state: 'live', detail: null };
  let since = options.since;

  const open = () => {
    if (stopped) return;
    setLiveStatus({ state: 'connecting', detail: null });
    const url = options.url ?? '/bff/events';
    const query = since ? `?${new URLSearchParams({ [STREAM_SINCE_PARAM]: since })}` : '';
    source = new EventSource(url + query, { withCredentials: true });
    source.onopen = () => setLiveStatus(upstreamState);
    listen(source, client, handlers, {
      onState: (state) => {
        upstreamState = state;
        setLiveStatus(upstreamState);
      },
      onPosition: (id) => (since = id),
    });
    source.onerror = () => {
      if (!source) return;
      if (source.readyState === EventSource.CONNECTING) {
        setLiveStatus({ state: 'reconnecting', detail: 'Connection to the console server lost; reconnecting…' });
        return;
      }
      // CLOSED: the server refused the stream (401, 429…). EventSource gives up; we re-check and retry.
      source.close();
      source = null;
      setLiveStatus({ state: 'offline', detail: 'Live updates are off; retrying shortly.' });
      onRefused();
      retryTimer = setTimeout(open, RETRY_AFTER_CLOSE_MS);
    };
  };

  // The browser knows before any stream does when its network is gone: say so at once, and on return open
  // a fresh stream and refetch (a new EventSource cannot resume from the old one's last event).
  const wentOffline = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    source?.close();
    source = null;
    setLiveStatus({ state: 'offline', detail: 'This browser is offline; live updates resume when it reconnects.' });
  };
  const cameOnline = () => {
    if (stopped || source) return;
    open();
    void client.invalidateQueries();
  };
  // Leaving the page: close the stream first. Otherwise the browser aborts it and its error handler would
  // report a lost connection and re-check the session from a page that is going away. If the page comes
  // back from the back/forward cache, it opens a fresh stream and refetches what it may have missed.
  const leftPage = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    source?.close();
    source = null;
  };
  const cameBack = (event: Event) => {
    if (!(event as PageTransitionEvent).persisted || stopped || source) return;
    open();
    void client.invalidateQueries();
  };
  const unwatch = watchBrowser({ offline: wentOffline, online: cameOnline, pagehide: leftPage, pageshow: cameBack });

  if (typeof navigator !== 'undefined' && navigator.onLine === false) wentOffline();
  else open();
  return () => {
    stopped = true;
    unwatch();
    if (retryTimer) clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}
