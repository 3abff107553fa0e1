import { describe, expect, it } from 'vitest';
import { certRecordSchema, type WriteReport } from '../../shared/proxy';
import { expiryOf } from './cert-expiry';
import { describeSyncDiff } from './live-state';
import { describeWrite } from './write-outcome';

describe('sync differences in words', () => {
  it('describes a diff in any shape', () => {
    expect(describeSyncDiff({ upstreams: { dashboard: ['a:1'], proxy: ['b:2'] } })).toEqual([
      'Upstreams: the dashboard has a:1, the proxy has b:2',
    ]);
    expect(describeSyncDiff([{ field: 'enabled', dashboard: false, proxy: true }])).toEqual([
      'Enabled: the dashboard has off, the proxy has on',
    ]);
    expect(describeSyncDiff('route not found in proxy')).toEqual(['route not found in proxy']);
    expect(describeSyncDiff(null)).toEqual([]);
  });

  it('reads JSON text: "[]" is no difference at all, never "[]"', () => {
    expect(describeSyncDiff('[]')).toEqual([]);
    expect(describeSyncDiff(' {} ')).toEqual([]);
    expect(describeSyncDiff('[{"field":"name","dashboard":"A","proxy":"B"}]')).toEqual([
      'Name: the dashboard has A, the proxy has B',
    ]);
  });

  it("speaks the drift detector's sides (db, caddy) and spells unknown fields out", () => {
    expect(describeSyncDiff('{"upstreams":{"db":["a:1"],"caddy":["b:2"]}}')).toEqual([
      'Upstreams: the dashboard has a:1, the proxy has b:2',
    ]);
    expect(describeSyncDiff({ forceSSL: { db: true, caddy: false } })).toEqual([
      'Force HTTPS: the dashboard has on, the proxy has off',
    ]);
    expect(describeSyncDiff({ tlsDnsProviderId: { db: 'x', caddy: null } })).toEqual([
      'DNS provider for certificates: the dashboard has x, the proxy has nothing',
    ]);
    expect(describeSyncDiff({ someNewThing: { db: 1, caddy: 2 } })).toEqual([
      'Some new thing: the dashboard has 1, the proxy has 2',
    ]);
    expect(describeSyncDiff([{ field: 'route', dashboard: 'present', proxy: 'absent' }])).toEqual([
      'The route: the dashboard has it, the proxy does not',
    ]);
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
