import { describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/svc/roles';
import { levelGateReason, linkifierAbilities, REASONS } from './permissions';

const allowed = { allowed: true };

describe('linkifierAbilities', () => {
  it('lets owners and administrators do everything on a current server', () => {
    for (const role of [ROLE.owner, ROLE.administrator]) {
      expect(linkifierAbilities(role, 420)).toEqual({
        list: allowed,
        manage: allowed,
        edit: allowed,
        reorder: allowed,
      });
    }
  });

  it('lets everyone else only look, with the reason', () => {
    for (const role of [ROLE.moderator, ROLE.member, ROLE.guest, null]) {
      expect(linkifierAbilities(role, 420)).toEqual({
        list: allowed,
        manage: { allowed: false, reason: REASONS.notAdmin },
        edit: { allowed: false, reason: REASONS.notAdmin },
        reorder: { allowed: false, reason: REASONS.notAdmin },
      });
    }
  });

  it('gates reordering at level 202, editing at 57 and listing at 54, saying why', () => {
    expect(linkifierAbilities(ROLE.administrator, 201).reorder).toEqual({
      allowed: false,
      reason: 'Needs a newer chat server: feature level 202, this one is at 201.',
    });
    expect(linkifierAbilities(ROLE.administrator, 202).reorder).toEqual(allowed);
    expect(linkifierAbilities(ROLE.administrator, 56)).toMatchObject({
      manage: allowed,
      edit: { allowed: false, reason: 'Needs a newer chat server: feature level 57, this one is at 56.' },
    });
    const ancient = linkifierAbilities(ROLE.owner, 40);
    expect(ancient.list).toEqual({
      allowed: false,
      reason: 'Needs a newer chat server: feature level 54, this one is at 40.',
    });
    expect(ancient.manage).toEqual(ancient.list);
    // The level reason wins over the role one: nobody can do anything there.
    expect(linkifierAbilities(ROLE.member, 40).reorder).toEqual(ancient.list);
  });

  it('words level gates like the rest of the console', () => {
    expect(levelGateReason(300, 202)).toBeNull();
    expect(levelGateReason(0, 176)).toBe('Needs a newer chat server: feature level 176, this one is at 0.');
  });
});
