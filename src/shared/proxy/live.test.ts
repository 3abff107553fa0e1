import { describe, expect, it } from 'vitest';
import { driftListSchema, proxyConfigSchema, summarizeProxyConfig } from './live';

// A Caddy configuration as the reference describes the proxy's (`@id: "proxyos-route-<route id>"`).
const config = {
  admin: { listen: 'localhost:2019' },
  apps: {
    http: {
      servers: {
        main: {
          listen: [':443'],
          routes: [
            {
              '@id': 'proxyos-route-rt_1',
              match: [{ host: ['app.example.com'] }],
              handle: [{ handler: 'reverse_proxy', upstreams: [{ dial: '10.0.0.1:80' }] }],
            },
            { match: [{ host: ['hand.example.com'] }], handle: [{ handler: 'static_response' }] },
            {
              handle: [
                {
                  handler: 'subroute',
                  routes: [{ '@id': 'proxyos-route-rt_2', match: [{ host: ['nested.example.com'] }] }],
                },
              ],
            },
          ],
        },
      },
    },
  },
};

describe("the proxy's configuration, summarized", () => {
  it('keeps which routes it holds and for which hosts, nothing else (subroutes included)', () => {
    expect(summarizeProxyConfig(config)).toEqual({
      summary: 'proxy-routes',
      routes: [
        { routeId: 'rt_1', hosts: ['app.example.com'] },
        { routeId: null, hosts: ['hand.example.com'] },
        { routeId: 'rt_2', hosts: ['nested.example.com'] },
      ],
    });
    expect(JSON.stringify(proxyConfigSchema.parse(config))).not.toContain('10.0.0.1');
  });

  it('reads its own summary as it is (the browser parses what the BFF already summarized)', () => {
    const once = proxyConfigSchema.parse(config);
    expect(proxyConfigSchema.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it('an empty proxy (null config) holds no route', () => {
    expect(proxyConfigSchema.parse(null)).toEqual({ summary: 'proxy-routes', routes: [] });
  });
});

describe('drift events', () => {
  it('read dates from ISO text, ids from numbers, and keep a type this console does not know', () => {
    const [event] = driftListSchema.parse([
      { id: 7, detectedAt: '2026-11-28T10:00:00.000Z', type: 'new_kind', routeId: null, diffJson: '{"domain":"x"}' },
    ]);
    expect(event).toMatchObject({ id: '7', type: 'new_kind', routeId: null });
    expect(event?.resolvedAt ?? null).toBeNull();
    expect(event?.detectedAt?.toISOString()).toBe('2026-11-28T10:00:00.000Z');
  });
});
