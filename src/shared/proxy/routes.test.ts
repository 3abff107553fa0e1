import { describe, expect, it } from 'vitest';
import {
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

  it('create input: at least one upstream, weights 1–100, enumerations', () => {
    const base = { name: 'App', domain: 'app.example.com', upstreams: [{ address: '10.0.0.1:80' }] };
    expect(createRouteInputSchema.safeParse(base).success).toBe(true);
    const paths = (input: unknown) =>
      createRouteInputSchema.safeParse(input).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths({ ...base, upstreams: [] })).toEqual(['upstreams']);
    expect(paths({ ...base, upstreams: [{ address: '10.0.0.1:80', weight: 101 }] })).toEqual(['upstreams.0.weight']);
    expect(paths({ ...base, upstreams: [{ address: '10.0.0.1:80', weight: 0 }] })).toEqual(['upstreams.0.weight']);
    expect(paths({ ...base, tlsMode: 'letsencrypt' })).toEqual(['tlsMode']);
    expect(paths({ ...base, lbPolicy: 'weighted' })).toEqual(['lbPolicy']);
    expect(updateRouteInputSchema.safeParse({ id: 'rt_1', patch: { enabled: false } }).success).toBe(true);
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

  it('procedure table: key API writes, admin implies every scope', () => {
    expect(proxyProcedures['publicApi.createRoute']).toMatchObject({ kind: 'mutation', scope: 'routes:write' });
    expect(proxyProcedures['routes.get']).toMatchObject({ kind: 'query', scope: 'routes:read' });
    expect(isProxyProcedure('routes.toggle')).toBe(false);
    expect(isProxyProcedure('toString')).toBe(false);
    expect(scopeAllows(['admin'], 'health:read')).toBe(true);
    expect(scopeAllows(['routes:read'], 'routes:write')).toBe(false);
  });
});
