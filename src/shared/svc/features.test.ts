import { describe, expect, it } from 'vitest';
import { featureGateReason, featureLevelOf, supports, versionOf } from './features';

describe('feature levels', () => {
  it('reads svc_ first, then the brand spelling, and treats absence as 0', () => {
    expect(featureLevelOf({ svc_feature_level: 420, zulip_feature_level: 1 })).toBe(420);
    expect(featureLevelOf({ zulip_feature_level: 302 })).toBe(302);
    expect(featureLevelOf({})).toBe(0);
    expect(featureLevelOf(null)).toBe(0);
    expect(versionOf({ zulip_version: '10.1' })).toBe('10.1');
  });
  it('gates with a sentence that names both levels', () => {
    expect(supports(417, 'channelCreate')).toBe(true);
    expect(featureGateReason(300, 'channelCreate')).toBe(
      'Needs a newer chat server: feature level 417, this one is at 300.',
    );
    expect(featureGateReason(420, 'channelCreate')).toBeNull();
  });
});
