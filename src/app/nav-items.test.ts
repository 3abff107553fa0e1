import { describe, expect, it } from 'vitest';
import { navAreaNote, visibleNavItems } from './nav-items';

describe('navigation notes', () => {
  const proxy = () => visibleNavItems(200).find((group) => group.area === 'Proxy')!;

  it('marks the proxy area "Not configured" only when the session says there is no dashboard', () => {
    expect(navAreaNote(proxy(), { proxyConfigured: false })).toBe('Not configured');
    expect(navAreaNote(proxy(), { proxyConfigured: true })).toBeNull();
    // An older BFF does not say: the area is taken as configured, and its pages find out.
    expect(navAreaNote(proxy(), {})).toBeNull();
    expect(navAreaNote(proxy(), undefined)).toBeNull();
  });

  it('notes no other area', () => {
    for (const group of visibleNavItems(200).filter((g) => g.area !== 'Proxy')) {
      expect(navAreaNote(group, { proxyConfigured: false })).toBeNull();
    }
  });
});
