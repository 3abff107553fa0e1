import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RouteRecord, UpdateRouteInput } from '../../shared/proxy';
import { callProxy, callProxyBatch } from './api/call-proxy';
import { reasonOf } from './api/get-live-states';
import { proxyRootKey } from './api/get-overview';
import { heldByProxy } from './live-verdict';

/** How long the read-back waits for the proxy to hold the route, and how often it looks (tests shorten it). */
export const pushReadback = { timeoutMs: 20_000, intervalMs: 2_000 };

export type PushState =
  | { step: 'idle' }
  | { step: 'sending' }
  | { step: 'checking' }
  | { step: 'held'; at: Date }
  | { step: 'not-yet'; lastRead: Date | null; reason: string | null }
  | { step: 'failed'; error: unknown };

/**
 * The route as the dashboard stores it, re-sent through the key API (`publicApi.updateRoute`): the dashboard
 * pushes a route to the proxy after every update, so the same values sent again make it push once more.
 */
export function resendInput(route: RouteRecord): UpdateRouteInput {
  const patch: UpdateRouteInput['patch'] = {
    name: route.name,
    enabled: route.enabled !== false,
    upstreams: route.upstreams.map((u) => ({ address: u.address, weight: u.weight ?? 1 })),
  };
  if (typeof route.compressionEnabled === 'boolean') patch.compressionEnabled = route.compressionEnabled;
  if (typeof route.healthCheckEnabled === 'boolean') patch.healthCheckEnabled = route.healthCheckEnabled;
  if (route.healthCheckPath) patch.healthCheckPath = route.healthCheckPath;
  return { id: route.id, patch };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Reads the proxy's configuration until it holds the route or the time is up: the dashboard's answer to the write
 * says nothing about the proxy (it pushes in the background and ignores failures).
 */
async function readBack(route: RouteRecord, signal: AbortSignal, timing: typeof pushReadback): Promise<PushState> {
  const deadline = Date.now() + timing.timeoutMs;
  let lastRead: Date | null = null;
  for (;;) {
    const reason = await (async () => {
      try {
        const [config] = await callProxyBatch(['caddy.config'], { signal });
        if (!config.ok) return reasonOf(config.error);
        lastRead = new Date();
        return heldByProxy(route, config.data) ? 'held' : null;
      } catch (error) {
        return reasonOf(error);
      }
    })();
    if (reason === 'held' && lastRead) return { step: 'held', at: lastRead };
    if (signal.aborted || Date.now() + timing.intervalMs > deadline) return { step: 'not-yet', lastRead, reason };
    await pause(timing.intervalMs, signal);
  }
}

/** "Push this route to the proxy again", with its read-back; the whole area is read again afterwards. */
export function usePushAgain(route: RouteRecord | null, timing: typeof pushReadback = pushReadback) {
  const client = useQueryClient();
  const routeId = route?.id ?? null;
  // Kept with the route it is about: another route's drawer starts afresh.
  const [current, setCurrent] = useState<{ routeId: string | null; state: PushState }>({
    routeId,
    state: { step: 'idle' },
  });
  const state: PushState = current.routeId === routeId ? current.state : { step: 'idle' };
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), [routeId]);

  const push = useCallback(async () => {
    if (!route) return;
    const controller = new AbortController();
    running.current = controller;
    const setState = (next: PushState) => setCurrent({ routeId: route.id, state: next });
    setState({ step: 'sending' });
    try {
      await callProxy('publicApi.updateRoute', resendInput(route), { signal: controller.signal });
    } catch (error) {
      if (!controller.signal.aborted) setState({ step: 'failed', error });
      return;
    }
    setState({ step: 'checking' });
    const outcome = await readBack(route, controller.signal, timing);
    if (controller.signal.aborted) return;
    setState(outcome);
    await client.invalidateQueries({ queryKey: proxyRootKey });
  }, [client, route, timing]);

  return { state, push: () => void push(), dismiss: () => setCurrent({ routeId, state: { step: 'idle' } }) };
}
