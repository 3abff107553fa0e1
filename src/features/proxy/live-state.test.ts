import { describe, expect, it } from 'vitest';
import { certRecordSchema, routeRecordSchema, type WriteReport } from '../../shared/proxy';
import { expiryOf } from './cert-expiry';
import { describeSyncDiff, liveStateOf } from './live-state';
import { describeWrite } from './write-outcome';

const base = { id: 'rt_1', name: 'App', domain: 'app.example.com', upstreams: [] };

describe('live state', () => {
  it('reads the drift-check fields in plain words, ISO dates included', () => {
    const unchecked = liveStateOf(routeRecordSchema.parse(base));
    expect(unchecked.label).toBe('Not checked');
    const drift = liveStateOf(
      routeRecordSchema.parse({
        ...base,
        syncStatus: 'drift',
        syncDiff: [{ field: 'enabled', dashboard: false, proxy: true }],
        syncCheckedAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:05:00.000Z',
      }),
    );
    expect(drift).toMatchObject({ label: 'Drift', color: 'orange', staleCheck: true });
    expect(drift.differences).toEqual(['Enabled: the dashboard has off, the proxy has on']);
    expect(liveStateOf(routeRecordSchema.parse({ ...base, syncStatus: 'missing' })).label).toBe('Missing in proxy');
    expect(liveStateOf(routeRecordSchema.parse({ ...base, syncStatus: 'weird' })).label).toBe('weird');
  });

  it('describes a diff in any shape', () => {
    expect(describeSyncDiff({ upstreams: { dashboard: ['a:1'], proxy: ['b:2'] } })).toEqual([
      'Upstreams: the dashboard has a:1, the proxy has b:2',
    ]);
    expect(describeSyncDiff('route not found in proxy')).toEqual(['route not found in proxy']);
    expect(describeSyncDiff(null)).toEqual([]);
  });
});

describe('write notices', () => {
  const report: WriteReport = {
    readBack: 'read',
    confirmed: ['enabled'],
    dropped: [],
    unconfirmed: ['proxy', 'traffic'],
    warnings: [],
  };

  it('a disable never says the route is off', () => {
    const notice = describeWrite('disable', 'app.example.com', report);
    expect(notice.title).toBe('Stored as disabled — traffic may continue');
    expect(notice.lines.join(' ')).not.toMatch(/no longer proxied/);
    expect(notice.lines.join(' ')).toContain('Cannot be confirmed: that traffic stopped');
  });

  it('a dropped field makes the notice an error that names it', () => {
    const notice = describeWrite('create', 'app.example.com', {
      ...report,
      confirmed: ['name'],
      dropped: [{ field: 'compressionEnabled', sent: false, stored: true }],
      unconfirmed: ['proxy'],
    });
    expect(notice.kind).toBe('error');
    expect(notice.lines).toContain('Not applied: Compression — sent off, the dashboard kept on.');
  });
});

describe('certificate expiry', () => {
  const now = Date.parse('2026-11-26T00:00:00Z');
  const cert = (expiresAt: string | null, autoRenew = true) =>
    certRecordSchema.parse({ id: 1, domain: 'a.example.com', status: 'valid', expiresAt, autoRenew });
  it('warns ahead of expiry', () => {
    expect(expiryOf(cert('2027-02-01T00:00:00Z'), now).color).toBe('teal');
    expect(expiryOf(cert('2026-12-06T00:00:00Z', false), now)).toEqual({
      label: 'Expires in 10 days, no auto-renew',
      color: 'orange',
    });
    expect(expiryOf(cert('2026-11-20T00:00:00Z'), now).label).toBe('Expired 6 days ago');
    expect(expiryOf(cert(null), now).label).toBe('Unknown');
  });
});
