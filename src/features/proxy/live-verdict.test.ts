import { describe, expect, it } from 'vitest';
import { driftEventSchema, proxyConfigSchema, routeRecordSchema, type DriftEvent } from '../../shared/proxy';
import { heldByProxy, liveVerdict, proxyOnlyRoutes, type LiveSources } from './live-verdict';

const READ = new Date('2026-11-28T10:05:00.000Z');
const DETECTED = new Date('2026-11-28T10:04:12.000Z');

function route(extra: Record<string, unknown> = {}) {
  return routeRecordSchema.parse({
    id: 'rt_1',
    name: 'App',
    domain: 'app.example.com',
    enabled: true,
    upstreams: [{ address: '10.0.0.1:80', weight: 1 }],
    createdAt: '2026-11-28T09:00:00.000Z',
    updatedAt: '2026-11-28T09:00:00.000Z',
    ...extra,
  });
}

function event(type: string, extra: Record<string, unknown> = {}): DriftEvent {
  return driftEventSchema.parse({
    id: `ev_${type}`,
    detectedAt: DETECTED.toISOString(),
    type,
    routeId: 'rt_1',
    diffJson: '{"domain":"app.example.com"}',
    resolvedAt: null,
    resolution: null,
    ...extra,
  });
}

/** Caddy's running config as the dashboard answers it, summarized as the BFF does. */
function caddy(routes: { id?: string; hosts: string[] }[]) {
  return proxyConfigSchema.parse({
    apps: {
      http: {
        servers: {
          main: {
            routes: routes.map((r) => ({
              ...(r.id ? { '@id': `proxyos-route-${r.id}` } : {}),
              match: [{ host: r.hosts }],
              handle: [{ handler: 'reverse_proxy' }],
            })),
          },
        },
      },
    },
  });
}

function sources(parts: {
  events?: DriftEvent[] | null;
  reachable?: boolean;
  held?: { id?: string; hosts: string[] }[] | null;
}): LiveSources {
  return {
    drift:
      parts.events === null
        ? { ok: false, reason: 'the dashboard did not answer' }
        : { ok: true, data: parts.events ?? [], readAt: READ },
    status: { ok: true, data: { reachable: parts.reachable ?? true, hasMain: true, upstreamCount: 1 }, readAt: READ },
    config:
      parts.held === null
        ? { ok: false, reason: 'the dashboard answered 500' }
        : { ok: true, data: caddy(parts.held ?? [{ id: 'rt_1', hosts: ['app.example.com'] }]), readAt: READ },
  };
}

describe('live verdict', () => {
  it('in sync only when the proxy holds the route and the drift detector has nothing open about it', () => {
    const verdict = liveVerdict(route({ syncStatus: 'synced', syncDiff: '[]' }), sources({}));
    expect(verdict).toMatchObject({ kind: 'in-sync', label: 'In sync', held: true, differences: [] });
    expect(verdict.seenBy).toBe('proxy configuration');
    expect(verdict.readings.map((r) => r.source)).toEqual(['proxy configuration', 'drift detector', 'sync check']);
  });

  it('stale "synced" with a missing_in_caddy event and no entry in the proxy: Missing in proxy, since the detection', () => {
    const verdict = liveVerdict(
      route({ syncStatus: 'synced', syncDiff: '[]', syncCheckedAt: '2026-11-28T09:58:00.000Z' }),
      sources({ events: [event('missing_in_caddy')], held: [] }),
    );
    expect(verdict).toMatchObject({ kind: 'missing-in-proxy', label: 'Missing in proxy', held: false });
    expect(verdict.since).toEqual(DETECTED);
    expect(verdict.seenBy).toBe('drift detector');
    expect(verdict.readings).toContainEqual({
      source: 'drift detector',
      said: 'the route is missing in the proxy',
      at: DETECTED,
      atIs: 'since',
    });
  });

  it('the detector alone (the proxy configuration unreadable) is enough to say missing', () => {
    const verdict = liveVerdict(
      route({ syncStatus: 'synced' }),
      sources({ events: [event('missing_in_caddy')], held: null }),
    );
    expect(verdict.kind).toBe('missing-in-proxy');
    expect(verdict.held).toBeNull();
  });

  it('the proxy configuration alone is enough too: a route created a moment ago that never reached the proxy', () => {
    const verdict = liveVerdict(route(), sources({ held: [] }));
    expect(verdict).toMatchObject({ kind: 'missing-in-proxy', seenBy: 'proxy configuration', since: READ });
  });

  it('held again after a loss, before the detector rechecked: not yet said to be in sync', () => {
    const verdict = liveVerdict(route(), sources({ events: [event('missing_in_caddy')] }));
    expect(verdict).toMatchObject({ kind: 'not-checked', label: 'Not checked yet', held: true });
  });

  it('a config_mismatch lists its differences in words', () => {
    const mismatch = event('config_mismatch', {
      diffJson: '{"upstreams":{"db":["10.0.0.1:80"],"caddy":["10.0.0.9:80"]}}',
    });
    const verdict = liveVerdict(route(), sources({ events: [mismatch] }));
    expect(verdict).toMatchObject({ kind: 'differs', label: 'Differs', color: 'orange' });
    expect(verdict.differences).toEqual(['Upstreams: the dashboard has 10.0.0.1:80, the proxy has 10.0.0.9:80']);
  });

  it('"[]" as syncDiff is no difference, whatever syncStatus says', () => {
    const verdict = liveVerdict(route({ syncStatus: 'drift', syncDiff: '[]' }), sources({ events: null }));
    expect(verdict.kind).toBe('differs');
    expect(verdict.differences).toEqual([]);
    expect(liveVerdict(route({ syncStatus: 'synced', syncDiff: '[]' }), sources({})).differences).toEqual([]);
  });

  it('the record’s sync fields count only while the detector cannot be read', () => {
    const stale = route({ syncStatus: 'drift', syncDiff: [{ field: 'name', dashboard: 'A', proxy: 'B' }] });
    expect(liveVerdict(stale, sources({})).kind).toBe('in-sync');
    const fallback = liveVerdict(stale, sources({ events: null }));
    expect(fallback).toMatchObject({ kind: 'differs', seenBy: 'sync check' });
    expect(fallback.differences).toEqual(['Name: the dashboard has A, the proxy has B']);
    expect(liveVerdict(route({ syncStatus: 'missing' }), sources({ events: null, held: null })).kind).toBe(
      'missing-in-proxy',
    );
  });

  it('the proxy down: Proxy unreachable, whatever the records say', () => {
    const verdict = liveVerdict(route({ syncStatus: 'synced' }), sources({ reachable: false, held: null }));
    expect(verdict).toMatchObject({ kind: 'proxy-unreachable', label: 'Proxy unreachable', color: 'red' });
    expect(verdict.readings[0]).toMatchObject({ source: 'proxy status', said: 'the proxy does not answer' });
  });

  it('held by hostname, without an @id (a hand edit), is held', () => {
    const held = [{ hosts: ['other.example.com', 'APP.example.com'] }];
    expect(liveVerdict(route(), sources({ held })).kind).toBe('in-sync');
    expect(heldByProxy(route(), caddy(held))).toBe(true);
    expect(heldByProxy(route(), caddy([{ id: 'rt_2', hosts: ['app.example.com'] }]))).toBe(false);
  });

  it('nothing readable: Not checked yet, since the creation', () => {
    const verdict = liveVerdict(route(), sources({ events: null, held: null }));
    expect(verdict).toMatchObject({ kind: 'not-checked', held: null, seenBy: null });
    expect(verdict.since).toEqual(new Date('2026-11-28T09:00:00.000Z'));
  });

  it('disabled: still served is Differs; out of the proxy is Not served', () => {
    const disabled = route({ enabled: false });
    const served = liveVerdict(disabled, sources({}));
    expect(served.kind).toBe('differs');
    expect(served.differences).toEqual(['Enabled: the dashboard has off, the proxy still serves it']);
    const named = liveVerdict(
      disabled,
      sources({ events: [event('config_mismatch', { diffJson: '{"enabled":{"db":false,"caddy":true}}' })] }),
    );
    expect(named.differences).toEqual(['Enabled: the dashboard has off, the proxy has on']);
    expect(liveVerdict(disabled, sources({ held: [] }))).toMatchObject({ kind: 'not-served', label: 'Not served' });
  });

  it('notes a sync check older than the route’s last change, and stops once it is not', () => {
    const changed = route({ syncStatus: 'synced', syncCheckedAt: '2026-11-28T08:00:00.000Z' });
    expect(liveVerdict(changed, sources({})).staleCheck).toBe(true);
    const rechecked = route({ syncStatus: 'synced', syncCheckedAt: '2026-11-28T09:30:00.000Z' });
    expect(liveVerdict(rechecked, sources({})).staleCheck).toBe(false);
  });
});

describe('routes only in the proxy', () => {
  it('from missing_in_db events and from proxy entries no dashboard route claims, each once', () => {
    const strays = proxyOnlyRoutes([route()], {
      ...sources({
        events: [event('missing_in_db', { id: 'ev_x', routeId: null, diffJson: '{"domain":"stray.example.com"}' })],
        held: [
          { id: 'rt_1', hosts: ['app.example.com'] },
          { hosts: ['stray.example.com'] },
          { id: 'rt_gone', hosts: ['old.example.com'] },
          { hosts: ['app.example.com'] },
        ],
      }),
    });
    expect(strays).toEqual([
      { hosts: ['stray.example.com'], routeId: null, since: DETECTED, source: 'drift detector' },
    ]);
  });

  it('an entry with a dashboard id is left to the detector while it can be read (a route created a moment ago)', () => {
    const held = [
      { id: 'rt_1', hosts: ['app.example.com'] },
      { id: 'rt_new', hosts: ['new.example.com'] },
      { hosts: ['hand.example.com'] },
    ];
    expect(proxyOnlyRoutes([route()], sources({ held })).map((r) => r.hosts)).toEqual([['hand.example.com']]);
    expect(proxyOnlyRoutes([route()], sources({ held, events: null })).map((r) => r.hosts)).toEqual([
      ['new.example.com'],
      ['hand.example.com'],
    ]);
    const reported = event('missing_in_db', {
      id: 'ev_new',
      routeId: 'rt_new',
      diffJson: '{"domain":"new.example.com"}',
    });
    expect(proxyOnlyRoutes([route()], sources({ held, events: [reported] }))).toEqual([
      { hosts: ['new.example.com'], routeId: 'rt_new', since: DETECTED, source: 'drift detector' },
      { hosts: ['hand.example.com'], routeId: null, since: READ, source: 'proxy configuration' },
    ]);
  });
});
