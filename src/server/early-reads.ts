import type { RawUpstreamResponse } from './svc-upstream';

/**
 * Reads the BFF starts while it sends a signed-in visitor a page, for the requests that page's first load
 * makes at once (first-load.ts): the browser asks for them a round trip and a document commit later, and then
 * takes the answer already under way instead of waiting for a fresh upstream call. Each is taken at most once,
 * only by the session it was started for, and only within `ttlMs`; after that it is dropped unread.
 */
export interface EarlyReads {
  /**
   * Starts `read` for `sessionId`'s next request of `url` (path and query, as the browser will send them),
   * unless one is already waiting. `read` resolves with null when it decides not to read (no live session).
   */
  start(sessionId: string, url: string, read: () => Promise<RawUpstreamResponse | null>): void;
  /** The read started for this session and URL, removed so no other request gets it; null when there is none. */
  take(sessionId: string, url: string): Promise<RawUpstreamResponse | null> | null;
  /** How many reads are waiting (for tests and limits). */
  readonly size: number;
}

interface Waiting {
  answer: Promise<RawUpstreamResponse | null>;
  timer: NodeJS.Timeout;
}

export function createEarlyReads(options: { ttlMs?: number; maxWaiting?: number } = {}): EarlyReads {
  // Long enough for a slow document commit and script start; short enough that an answer is never stale.
  const ttlMs = options.ttlMs ?? 5_000;
  // A bound on held answers (a 10,000-user list is about 5 MB): past it, pages are sent without early reads.
  const maxWaiting = options.maxWaiting ?? 16;
  const waiting = new Map<string, Waiting>();
  const keyOf = (sessionId: string, url: string) => `${sessionId}\n${url}`;

  return {
    start(sessionId, url, read) {
      const key = keyOf(sessionId, url);
      if (waiting.has(key) || waiting.size >= maxWaiting) return;
      const answer = read();
      // A failure is the taker's to report; one nobody takes must not become an unhandled rejection.
      answer.catch(() => undefined);
      const timer = setTimeout(() => waiting.delete(key), ttlMs);
      timer.unref();
      waiting.set(key, { answer, timer });
    },
    take(sessionId, url) {
      const key = keyOf(sessionId, url);
      const entry = waiting.get(key);
      if (!entry) return null;
      waiting.delete(key);
      clearTimeout(entry.timer);
      return entry.answer;
    },
    get size() {
      return waiting.size;
    },
  };
}
