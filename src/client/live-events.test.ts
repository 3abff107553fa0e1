import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventHandler } from './event-handlers';
import { connectLiveEvents } from './live-events';
import { getLiveStatus } from './live-status';
import { usersListKey } from './reference-data/users';
import { sessionKey } from './session';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    for (const l of this.listeners.get(type) ?? []) {
      l(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
    }
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

describe('connectLiveEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('hands each parsed chat event to the handlers of its type, and ignores malformed ones', () => {
    const seen: unknown[] = [];
    const handler: EventHandler = (event) => seen.push(event);
    const stop = connectLiveEvents({
      client: new QueryClient(),
      handlers: new Map([['realm_user', [handler]]]),
      onRefused: () => undefined,
    });
    const source = FakeEventSource.last!;
    source.open();
    expect(getLiveStatus().state).toBe('live');
    source.emit('svc', { id: 1, type: 'realm_user', op: 'update', person: { user_id: 3 } });
    source.emit('svc', { id: 2, type: 'user_status', user_id: 3 });
    source.emit('svc', { type: 'realm_user' });
    expect(seen).toEqual([{ id: 1, type: 'realm_user', op: 'update', person: { user_id: 3 } }]);
    stop();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('invalidates every query on resync and shows the upstream state', () => {
    const client = new QueryClient();
    client.setQueryData(['users', 'list'], []);
    connectLiveEvents({ client, handlers: new Map(), onRefused: () => undefined });
    const source = FakeEventSource.last!;
    source.open();
    source.emit('state', { state: 'reconnecting', detail: 'Chat server unreachable', retryAt: null });
    expect(getLiveStatus()).toEqual({ state: 'reconnecting', detail: 'Chat server unreachable' });
    source.emit('resync', { reason: 'queue-lost' });
    expect(client.getQueryState(['users', 'list'])?.isInvalidated).toBe(true);
  });

  it('starts the first stream where the session answer said, a new one after the last message heard', () => {
    const stop = connectLiveEvents({ client: new QueryClient(), handlers: new Map(), onRefused: () => undefined });
    expect(FakeEventSource.last!.url).toBe('/bff/events');
    stop();
    connectLiveEvents({ client: new QueryClient(), handlers: new Map(), onRefused: () => undefined, since: 'g1:4' });
    const first = FakeEventSource.last!;
    expect(first.url).toBe('/bff/events?since=g1%3A4');
    first.open();
    first.emit('state', { state: 'live', detail: null, retryAt: null }, 'g1:6');
    first.emit('svc', { id: 9, type: 'realm_user', op: 'update', person: { user_id: 3 } }, 'g1:7');
    // Refused (e.g. 429): the browser gives up; the console's own retry resumes after what this tab heard.
    first.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(5_000);
    expect(FakeEventSource.last!.url).toBe('/bff/events?since=g1%3A7');
  });

  it('on registration: fills in the session’s limits and reads again only the data sets read before it', () => {
    const client = new QueryClient();
    const limits = {
      maxTopicLength: 60,
      maxMessageLength: 10_000,
      maxStreamNameLength: 60,
      maxStreamDescriptionLength: 1_024,
      realmEmptyTopicDisplayName: 'general chat',
    };
    client.setQueryData(sessionKey, { user: { userId: 1 }, limits: null });
    client.setQueryData(usersListKey, []);
    client.setQueryData(['users', 'presence'], {});
    client.setQueryData(['reference', 'realm'], {});
    connectLiveEvents({ client, handlers: new Map(), onRefused: () => undefined, since: 'g1:0' });
    const source = FakeEventSource.last!;
    source.open();
    source.emit('registered', { reread: ['getUsers'], limits }, 'g1:1');
    expect(client.getQueryData(sessionKey)).toEqual({ user: { userId: 1 }, limits });
    expect(client.getQueryState(sessionKey)?.isInvalidated).toBe(false);
    expect(client.getQueryState(usersListKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['users', 'presence'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['reference', 'realm'])?.isInvalidated).toBe(false);
    // A read this tab does not know the data set of: every query but the session's may be stale.
    source.emit('registered', { reread: ['getSomethingElse'], limits }, 'g1:2');
    expect(client.getQueryState(['reference', 'realm'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(sessionKey)?.isInvalidated).toBe(false);
  });

  it('a read in flight at registration is neither cancelled nor doubled, and is read once more after it', async () => {
    vi.useRealTimers();
    const client = new QueryClient();
    const answers: ((value: string[]) => void)[] = [];
    const queryFn = vi.fn(() => new Promise<string[]>((resolve) => answers.push(resolve)));
    const observer = new QueryObserver(client, { queryKey: usersListKey, queryFn, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(1);
    connectLiveEvents({ client, handlers: new Map(), onRefused: () => undefined, since: 'g1:0' });
    FakeEventSource.last!.emit('registered', { reread: ['getUsers'], limits: null }, 'g1:1');
    expect(queryFn).toHaveBeenCalledTimes(1);
    // The early answer arrives: it may predate the queue, so the list is asked once more.
    answers[0]!(['early']);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    answers[1]!(['fresh']);
    await vi.waitFor(() => expect(client.getQueryData(usersListKey)).toEqual(['fresh']));
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('reports reconnecting while the browser retries, and re-checks the session when refused', () => {
    const onRefused = vi.fn();
    connectLiveEvents({ client: new QueryClient(), handlers: new Map(), onRefused });
    const first = FakeEventSource.last!;
    first.fail(FakeEventSource.CONNECTING);
    expect(getLiveStatus().state).toBe('reconnecting');
    first.fail(FakeEventSource.CLOSED);
    expect(getLiveStatus().state).toBe('offline');
    expect(onRefused).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(FakeEventSource.last).not.toBe(first);
  });

  it('says at once when the browser goes offline, and on return opens a fresh stream and refetches', () => {
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const stop = connectLiveEvents({ client, handlers: new Map(), onRefused: () => undefined });
    const first = FakeEventSource.last!;
    first.open();
    browser.dispatchEvent(new Event('offline'));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(getLiveStatus()).toMatchObject({ state: 'offline' });
    browser.dispatchEvent(new Event('online'));
    expect(FakeEventSource.last).not.toBe(first);
    expect(invalidate).toHaveBeenCalled();
    stop();
  });

  it('closes the stream as the page is left, and opens a fresh one if the page comes back from the cache', () => {
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const onRefused = vi.fn();
    const stop = connectLiveEvents({ client, handlers: new Map(), onRefused });
    const first = FakeEventSource.last!;
    first.open();
    browser.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    // The browser's abort of the stream would come now; nothing reports it or re-checks the session.
    first.fail(FakeEventSource.CLOSED);
    expect(onRefused).not.toHaveBeenCalled();
    expect(getLiveStatus().state).toBe('live');
    browser.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(FakeEventSource.last).toBe(first);
    browser.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(FakeEventSource.last).not.toBe(first);
    expect(invalidate).toHaveBeenCalled();
    stop();
  });
});
