import { describe, expect, it } from 'vitest';
import { FEATURE_LEVELS } from '../../shared/svc/features';
import { capabilityRows } from './capabilities';

describe('capabilityRows', () => {
  it('lists every gated capability with its level, newest first', () => {
    const rows = capabilityRows(489);
    expect(rows).toHaveLength(Object.keys(FEATURE_LEVELS).length);
    expect(rows.every((r) => r.available && r.label.length > 0)).toBe(true);
    expect(rows[0]!.level).toBeGreaterThanOrEqual(rows[rows.length - 1]!.level);
  });
  it('marks channel creation unavailable at level 300', () => {
    const create = capabilityRows(300).find((r) => r.feature === 'channelCreate')!;
    expect(create).toMatchObject({ level: 417, available: false });
    expect(capabilityRows(300).find((r) => r.feature === 'messageIds')!.available).toBe(true);
  });
});
