import { describe, expect, it } from 'vitest';
import { canManageInvite, invitableRoles, invitationAbilities } from './permissions';

const groups = [
  { id: 2, name: 'role:administrators' },
  { id: 5, name: 'role:members' },
];
const realm = { realm_can_invite_users_group: 5, realm_create_multiuse_invite_group: 2 };

describe('invitationAbilities', () => {
  it('follows the organization settings for email invitations and links', () => {
    const member = invitationAbilities({ role: 400, userId: 7, featureLevel: 372, realm, groups });
    expect(member.inviteByEmail.allowed).toBe(true);
    expect(member.createLinks).toEqual({
      allowed: false,
      reason: 'Only Administrators may create invite links in this organization.',
    });
    const admin = invitationAbilities({ role: 200, userId: 1, featureLevel: 372, realm, groups });
    expect(admin.createLinks.allowed).toBe(true);
    expect(invitationAbilities({ role: 600, userId: 3, featureLevel: 372, realm, groups }).inviteByEmail.reason).toBe(
      'Guests cannot invite anyone.',
    );
  });

  it('disables what the server is too old for, saying why', () => {
    const old = invitationAbilities({ role: 200, userId: 1, featureLevel: 300, realm, groups });
    expect(old.groups.reason).toBe('Needs a newer chat server: feature level 322, this one is at 300.');
    expect(old.welcomeMessage.allowed).toBe(false);
    expect(old.includeDefaults.allowed).toBe(true);
  });

  it('offers a welcome message from level 416, to administrators only', () => {
    const at = (role: number, featureLevel: number) =>
      invitationAbilities({ role, userId: 1, featureLevel, realm, groups }).welcomeMessage;
    expect(at(200, 415)).toEqual({
      allowed: false,
      reason: 'Needs a newer chat server: feature level 416, this one is at 415.',
    });
    expect(at(200, 416)).toEqual({ allowed: true, reason: null });
    expect(at(100, 500).allowed).toBe(true);
    expect(at(400, 500)).toEqual({
      allowed: false,
      reason: 'Only organization administrators can write a welcome message.',
    });
  });
});

describe('invitableRoles and canManageInvite', () => {
  it('offers owners to owners only', () => {
    expect(invitableRoles(100)).toContain(100);
    expect(invitableRoles(200)).toEqual([200, 300, 400, 600]);
    expect(invitableRoles(400)).toEqual([400, 600]);
    expect(invitableRoles(600)).toEqual([]);
  });

  it('lets members manage their own invitations only', () => {
    expect(canManageInvite(400, 7, { invited_by_user_id: 7, invited_as: 400 })).toBe(true);
    expect(canManageInvite(400, 7, { invited_by_user_id: 8, invited_as: 400 })).toBe(false);
    expect(canManageInvite(200, 1, { invited_by_user_id: 8, invited_as: 400 })).toBe(true);
    expect(canManageInvite(200, 1, { invited_by_user_id: 9, invited_as: 100 })).toBe(false);
  });
});
