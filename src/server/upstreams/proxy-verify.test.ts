import { describe, expect, it } from 'vitest';
import { routeRecordSchema, summarizeReport } from '../../shared/proxy';
import { verifyDelete, verifyWrite } from './proxy-verify';

const stored = routeRecordSchema.parse({
  id: 'rt_1',
  name: 'Shop',
  domain: 'shop.example.com',
  enabled: true,
  upstreams: [{ address: '10.0.0.1:80', weight: 1 }],
  tlsMode: 'auto',
  compressionEnabled: true,
  healthCheckEnabled: true,
  healthCheckPath: '/',
});

describe('verifyWrite', () => {
  it('confirms what the read-back shows, normalising case and the default weight', () => {
    const report = verifyWrite(
      { name: ' Shop ', domain: 'Shop.Example.com', upstreams: [{ address: '10.0.0.1:80' }], tlsMode: 'auto' },
      stored,
    );
    expect(report).toEqual({
      readBack: 'read',
      confirmed: ['name', 'domain', 'upstreams', 'tlsMode'],
      dropped: [],
      unconfirmed: ['proxy'],
      warnings: [],
    });
  });

  it('reports a field stored otherwise as dropped, warns on weights, and never confirms traffic for a disable', () => {
    const report = verifyWrite(
      { enabled: false, compressionEnabled: false, upstreams: [{ address: '10.0.0.1:80', weight: 5 }] },
      stored,
    );
    expect(report.dropped).toEqual([
      { field: 'enabled', sent: false, stored: true },
      { field: 'compressionEnabled', sent: false, stored: true },
      {
        field: 'upstreams',
        sent: [{ address: '10.0.0.1:80', weight: 5 }],
        stored: [{ address: '10.0.0.1:80', weight: 1 }],
      },
    ]);
    expect(report.unconfirmed).toEqual(['proxy', 'traffic']);
    expect(report.warnings).toEqual(['weight']);
    expect(summarizeReport(report)).toContain('Not applied: Enabled (sent off, stored on)');
  });

  it('confirms nothing when the route could not be read back', () => {
    const report = verifyWrite({ name: 'x' }, null);
    expect(report).toMatchObject({ readBack: 'failed', confirmed: [], dropped: [] });
    expect(summarizeReport(report)).toContain('could not be read back, so nothing is confirmed');
  });

  it('a delete is confirmed only by the route being gone', () => {
    expect(verifyDelete('missing')).toMatchObject({ confirmed: ['deleted'], dropped: [] });
    expect(verifyDelete('present').dropped).toEqual([{ field: 'deleted', sent: true, stored: false }]);
    expect(verifyDelete('failed')).toMatchObject({ readBack: 'failed', confirmed: [] });
  });
});
