import { describe, expect, it } from 'vitest';
import { routeRecordSchema } from '../../shared/proxy';
import { describeUpstreams, filterRoutes } from './filter-routes';
import { checkCreate, checkPatch, emptyRouteForm, formFromRecord, upstreamRow } from './route-form';

const record = routeRecordSchema.parse({
  id: 'rt_1',
  name: 'App',
  domain: 'app.example.com',
  enabled: true,
  upstreams: [{ address: '10.0.0.1:80', weight: 3 }],
  tlsMode: 'quantum',
  lbPolicy: 'round_robin',
});

describe('route form', () => {
  it('reports field errors by form path', () => {
    const values = { ...emptyRouteForm(), name: 'x', domain: 'bad host', upstreams: [upstreamRow('nope', 500)] };
    const checked = checkCreate(values);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(Object.keys(checked.errors).sort()).toEqual(['domain', 'upstreams.0.address', 'upstreams.0.weight']);
    }
  });

  it('creates with an empty weight left to the dashboard default', () => {
    const checked = checkCreate({
      ...emptyRouteForm(),
      name: 'Shop',
      domain: 'shop.example.com',
      upstreams: [upstreamRow('10.0.0.9:8080', '')],
    });
    expect(checked.ok && checked.value.upstreams).toEqual([{ address: '10.0.0.9:8080', weight: undefined }]);
  });

  it('edits send only what changed, so an unknown TLS mode is left alone', () => {
    const initial = formFromRecord(record);
    const values = { ...initial, upstreams: [upstreamRow('10.0.0.2:81', 3)] };
    const checked = checkPatch(values, initial);
    expect(checked).toEqual({ ok: true, value: { upstreams: [{ address: '10.0.0.2:81', weight: 3 }] } });
    expect(checkPatch(initial, initial)).toEqual({ ok: true, value: {} });
  });
});

describe('route filters', () => {
  const other = routeRecordSchema.parse({
    ...record,
    id: 'rt_2',
    domain: 'b.example.com',
    name: 'B',
    enabled: false,
    upstreams: [{ address: '10.0.0.7:80' }],
  });
  it('searches domain, name and upstreams; filters by state and TLS mode', () => {
    expect(filterRoutes([record, other], { q: '10.0.0.1', status: 'all', tls: null })).toEqual([record]);
    expect(filterRoutes([record, other], { q: '', status: 'disabled', tls: null })).toEqual([other]);
    expect(filterRoutes([record, other], { q: '', status: 'all', tls: 'auto' })).toEqual([]);
    expect(describeUpstreams(record)).toBe('10.0.0.1:80 ×3');
  });
});
