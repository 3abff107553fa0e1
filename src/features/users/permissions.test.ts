import { describe, expect, it } from 'vitest';
import { ROLE, type Role } from '../../shared/svc/roles';
import {
  assignableRoles,
  canChangeRole,
  canDeactivate,
  canReactivate,
  canReadStatus,
  canSetStatus,
  hasAdminActions,
  isOwner,
  REASONS,
  WARNINGS,
  type Actor,
  type Target,
} from './permissions';

const owner: Actor = { userId: 1, role: ROLE.owner };
const admin: Actor = { userId: 2, role: ROLE.administrator };
const moderator: Actor = { userId: 3, role: ROLE.moderator };
const member: Actor = { userId: 4, role: ROLE.member };
const guest: Actor = { userId: 5, role: ROLE.guest };
const nonAdmins = [moderator, member, guest];

function target(overrides: Partial<Target> = {}): Target {
  return { user_id: 100, role: ROLE.member, is_active: true, is_bot: false, ...overrides };
}

const self = (actor: Actor, overrides: Partial<Target> = {}) =>
  target({ user_id: actor.userId, role: actor.role as Role, ...overrides });

describe('hasAdminActions / isOwner', () => {
  it('offers admin actions to owners and administrators only', () => {
    expect(hasAdminActions(owner)).toBe(true);
    expect(hasAdminActions(admin)).toBe(true);
    for (const actor of nonAdmins) expect(hasAdminActions(actor)).toBe(false);
  });

  it('recognizes owners', () => {
    expect(isOwner(ROLE.owner)).toBe(true);
    expect(isOwner(ROLE.administrator)).toBe(false);
  });
});

describe('canDeactivate', () => {
  it('lets admins and owners deactivate active humans', () => {
    for (const actor of [owner, admin]) {
      for (const role of [ROLE.administrator, ROLE.moderator, ROLE.member, ROLE.guest]) {
        expect(canDeactivate(actor, target({ role }))).toEqual({ allowed: true, warning: null });
      }
    }
  });

  it('refuses non-admins', () => {
    for (const actor of nonAdmins) {
      expect(canDeactivate(actor, target())).toEqual({ allowed: false, reason: REASONS.notAdmin });
    }
  });

  it('refuses users who are already deactivated', () => {
    expect(canDeactivate(admin, target({ is_active: false }))).toEqual({
      allowed: false,
      reason: REASONS.alreadyDeactivated,
    });
  });

  it('refuses bots', () => {
    expect(canDeactivate(owner, target({ is_bot: true }))).toEqual({ allowed: false, reason: REASONS.bot });
  });

  it('keeps owners out of administrators’ reach, but not of other owners', () => {
    expect(canDeactivate(admin, target({ role: ROLE.owner }))).toEqual({
      allowed: false,
      reason: REASONS.ownerOnlyByOwner,
    });
    expect(canDeactivate(owner, target({ role: ROLE.owner }))).toEqual({ allowed: true, warning: null });
  });

  it('allows deactivating yourself, with a warning', () => {
    expect(canDeactivate(admin, self(admin))).toEqual({ allowed: true, warning: WARNINGS.deactivateSelf });
    expect(canDeactivate(owner, self(owner))).toEqual({ allowed: true, warning: WARNINGS.deactivateSelf });
  });
});

describe('canReactivate', () => {
  it('lets admins reactivate deactivated users, bots included', () => {
    expect(canReactivate(admin, target({ is_active: false }))).toEqual({ allowed: true, warning: null });
    expect(canReactivate(admin, target({ is_active: false, is_bot: true }))).toEqual({ allowed: true, warning: null });
  });

  it('refuses non-admins', () => {
    for (const actor of nonAdmins) {
      expect(canReactivate(actor, target({ is_active: false }))).toEqual({ allowed: false, reason: REASONS.notAdmin });
    }
  });

  it('refuses active users', () => {
    expect(canReactivate(owner, target())).toEqual({ allowed: false, reason: REASONS.alreadyActive });
  });

  it('lets any administrator reactivate a deactivated owner, as the server does', () => {
    const deactivatedOwner = target({ role: ROLE.owner, is_active: false });
    expect(canReactivate(admin, deactivatedOwner)).toEqual({ allowed: true, warning: null });
    expect(canReactivate(owner, deactivatedOwner)).toEqual({ allowed: true, warning: null });
  });
});

describe('canChangeRole / assignableRoles', () => {
  it('lets admins change the role of non-owners, deactivated ones too', () => {
    expect(canChangeRole(admin, target())).toEqual({ allowed: true, warning: null });
    expect(canChangeRole(admin, target({ is_active: false }))).toEqual({ allowed: true, warning: null });
  });

  it('refuses non-admins and offers them no roles', () => {
    for (const actor of nonAdmins) {
      expect(canChangeRole(actor, target())).toEqual({ allowed: false, reason: REASONS.notAdmin });
      expect(assignableRoles(actor, target())).toEqual([]);
    }
  });

  it('changes the role of bots like anyone else’s', () => {
    expect(canChangeRole(admin, target({ is_bot: true }))).toEqual({ allowed: true, warning: null });
  });

  it('only owners remove the owner role', () => {
    expect(canChangeRole(admin, target({ role: ROLE.owner }))).toEqual({
      allowed: false,
      reason: REASONS.ownerOnlyByOwner,
    });
    expect(assignableRoles(admin, target({ role: ROLE.owner }))).toEqual([]);
    expect(canChangeRole(owner, target({ role: ROLE.owner }))).toEqual({ allowed: true, warning: null });
  });

  it('only owners grant the owner role', () => {
    expect(assignableRoles(admin, target())).toEqual([ROLE.administrator, ROLE.moderator, ROLE.member, ROLE.guest]);
    expect(assignableRoles(owner, target())).toEqual([
      ROLE.owner,
      ROLE.administrator,
      ROLE.moderator,
      ROLE.member,
      ROLE.guest,
    ]);
  });

  it('warns when changing your own role', () => {
    expect(canChangeRole(admin, self(admin))).toEqual({ allowed: true, warning: WARNINGS.demoteSelf });
    expect(canChangeRole(owner, self(owner))).toEqual({ allowed: true, warning: WARNINGS.demoteSelf });
  });
});

describe('canSetStatus', () => {
  it('lets admins set the status of active humans from level 407', () => {
    expect(canSetStatus(admin, target(), 407)).toEqual({ allowed: true, warning: null });
    expect(canSetStatus(owner, target(), 420)).toEqual({ allowed: true, warning: null });
    expect(canSetStatus(admin, self(admin), 420)).toEqual({ allowed: true, warning: null });
  });

  it('says which level is missing on older servers', () => {
    expect(canSetStatus(admin, target(), 406)).toEqual({
      allowed: false,
      reason: 'Needs a newer chat server: feature level 407, this one is at 406.',
    });
  });

  it('refuses non-admins, whatever the level', () => {
    for (const actor of nonAdmins) {
      expect(canSetStatus(actor, target(), 420)).toEqual({ allowed: false, reason: REASONS.notAdmin });
    }
  });

  it('refuses deactivated users and bots', () => {
    expect(canSetStatus(admin, target({ is_active: false }), 420)).toEqual({
      allowed: false,
      reason: REASONS.deactivated,
    });
    expect(canSetStatus(admin, target({ is_bot: true }), 420)).toEqual({ allowed: false, reason: REASONS.bot });
  });
});

describe('canReadStatus', () => {
  it('needs level 262', () => {
    expect(canReadStatus(261)).toBe(false);
    expect(canReadStatus(262)).toBe(true);
    expect(canReadStatus(0)).toBe(false);
  });
});
