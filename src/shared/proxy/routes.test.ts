import { describe, expect, it } from 'vitest';
import {
  CREATE_FIELDS,
  PATCH_FIELDS,
  createRouteInputSchema,
  isHostname,
  isUpstreamAddress,
  routeRecordSchema,
  unknownRouteFields,
  updateRouteInputSchema,
} from './routes';
import { isProxyProcedure, proxyProcedures, scopeAllows } from './procedures';

describe('proxy route contract', () => {
  it('checks hostname syntax', () => {
    for (const ok of ['app.example.com', 'localhost', '*.example.com', 'a-b.c0.io']) expect(isHostname(ok)).toBe(true);
    for (const bad of ['', '-a.com', 'a-.com', 'a..com', 'bad_host', 'a.*.com', '1.2.3.4', 'x'.repeat(64) + '.com']) {
      expect(isHostname(bad)).toBe(false);
    }
  });

  it('checks upstream addresses', () => {
    for (const ok of [
      '10.0.0.1:8080',
      'backend:80',
      'http://api.internal',
      'https://api.internal:8443',
      '[::1]:3000',
    ]) {
      expect(isUpstreamAddress(ok)).toBe(true);
    }
    for (const bad of ['10.0.0.1', 'backend', 'host:0', 'host:70000', 'ftp://x:1', '*.x.com:80', '300.1.1.1:80']) {
      expect(isUpstreamAddress(bad)).toBe(false);
    }
  });

  it('create input: exactly the key API fields, weights 0–100, the four TLS modes it accepts', () => {
    const base = { name: 'App', domain: 'app.example.com', upstreams: [{ address: '10.0.0.1:80' }] };
    expect(createRouteInputSchema.safeParse(base).success).toBe(true);
    const paths = (input: unknown) =>
      createRouteInputSchema.safeParse(input).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths({ ...base, upstreams: [] })).toEqual(['upstreams']);
    expect(paths({ ...base, upstreams: [{ address: '10.0.0.1:80', weight: 101 }] })).toEqual(['upstreams.0.weight']);
    expect(paths({ ...base, upstreams: [{ address: '10.0.0.1:80', weight: 0 }] })).toEqual([]);
    expect(paths({ ...base, upstreams: [{ address: '10.0.0.1:80', weight: -1 }] })).toEqual(['upstreams.0.weight']);
    expect(paths({ ...base, tlsMode: 'letsencrypt' })).toEqual(['tlsMode']);
    // Refused by the dashboard through the key (400), so refused here first.
    expect(paths({ ...base, tlsMode: 'dns' })).toEqual(['tlsMode']);
    expect(paths({ ...base, tlsMode: 'custom' })).toEqual(['tlsMode']);
    // Fields the key API strips never reach it.
    const parsed = createRouteInputSchema.parse({ ...base, enabled: false, lbPolicy: 'least_conn' });
    expect(parsed).not.toHaveProperty('enabled');
    expect(parsed).not.toHaveProperty('lbPolicy');
    expect(CREATE_FIELDS.sort()).toEqual(
      ['compressionEnabled', 'domain', 'healthCheckEnabled', 'healthCheckPath', 'name', 'tlsMode', 'upstreams'].sort(),
    );
    expect(PATCH_FIELDS.sort()).toEqual(
      ['compressionEnabled', 'enabled', 'healthCheckEnabled', 'healthCheckPath', 'name', 'upstreams'].sort(),
    );
    expect(updateRouteInputSchema.safeParse({ id: 'rt_1', patch: { enabled: false } }).success).toBe(true);
    expect(updateRouteInputSchema.parse({ id: 'rt_1', patch: { domain: 'x.example.com' } }).patch).toEqual({});
  });

  it('parses records tolerantly and keeps unknown fields', () => {
    const record = routeRecordSchema.parse({
      id: 'rt_1',
      name: 'App',
      domain: 'app.example.com',
      upstreams: [{ address: 'a:1', weight: 2, note: 'x' }],
      tlsMode: 'quantum',
      createdAt: '2025-01-02T03:04:05.000Z',
      wafMode: 'block',
    });
    expect(record.tlsMode).toBe('quantum');
    expect(record.createdAt).toBeInstanceOf(Date);
    expect(unknownRouteFields(record)).toEqual([['wafMode', 'block']]);
  });

  it('procedure table: key API writes, exact scopes, routes.get without one', () => {
    expect(proxyProcedures['publicApi.createRoute']).toMatchObject({ kind: 'mutation', scope: 'routes:write' });
    expect(proxyProcedures['routes.get']).toMatchObject({ kind: 'query', scope: null });
    expect(proxyProcedures['publicApi.certs']).toMatchObject({ kind: 'query', scope: 'certs:read' });
    expect(proxyProcedures['publicApi.analytics']).toMatchObject({ kind: 'query', scope: 'analytics:read' });
    expect(isProxyProcedure('routes.toggle')).toBe(false);
    expect(isProxyProcedure('toString')).toBe(false);
    expect(scopeAllows(['admin'], 'health:read')).toBe(false);
    expect(scopeAllows(['health:read'], 'health:read')).toBe(true);
    expect(scopeAllows(['routes:read'], 'routes:write')).toBe(false);
  });
});
