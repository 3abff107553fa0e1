import { describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/svc/roles';
import { ADMINS_ONLY_REASON, defaultsEditBlockReason } from './permissions';

describe('defaultsEditBlockReason', () => {
  it('lets owners and administrators edit', () => {
    expect(defaultsEditBlockReason({ role: ROLE.owner, featureLevel: 420 })).toBeNull();
    expect(defaultsEditBlockReason({ role: ROLE.administrator, featureLevel: 96 })).toBeNull();
  });

  it('gives everyone else the reason', () => {
    for (const role of [ROLE.moderator, ROLE.member, ROLE.guest, null]) {
      expect(defaultsEditBlockReason({ role, featureLevel: 420 })).toBe(ADMINS_ONLY_REASON);
    }
  });

  it('needs a server that has the endpoint', () => {
    expect(defaultsEditBlockReason({ role: ROLE.owner, featureLevel: 95 })).toBe(
      'Needs a newer chat server: feature level 96, this one is at 95.',
    );
  });
});
