import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventHandler } from './event-handlers';
import { connectLiveEvents } from './live-events';
import { getLiveStatus } from './live-status';

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
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
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
