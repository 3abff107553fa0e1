import { describe, expect, it } from 'vitest';
import { addressResults, splitInviteeEmails } from './invites';

describe('splitInviteeEmails', () => {
  it('splits on commas and new lines and keeps the address of "Name <address>"', () => {
    expect(splitInviteeEmails('a@x.io, B <b@x.io>\n\n a@x.io ,c@x.io')).toEqual(['a@x.io', 'b@x.io', 'c@x.io']);
  });
});

describe('addressResults', () => {
  const failure = (sent: boolean) => ({
    code: 'INVITATION_FAILED' as const,
    msg: 'x',
    errors: [
      ['old@x.io', 'Account has been deactivated.', true],
      ['in@x.io', 'Already has an account.', false],
      ['bad', 'Invalid address.', false],
    ] as [string, string, boolean][],
    sent_invitations: sent,
  });

  it('tells invited, already a member, deactivated and invalid apart', () => {
    expect(addressResults(['new@x.io', 'old@x.io', 'in@x.io', 'bad'], failure(true)).map((r) => r.outcome)).toEqual([
      'invited',
      'deactivated',
      'already-member',
      'invalid',
    ]);
  });

  it('says nobody was invited when the server sent nothing, and every address was invited on success', () => {
    expect(addressResults(['new@x.io'], failure(false))[0]?.outcome).toBe('not-sent');
    expect(addressResults(['a@x.io', 'b@x.io'], null).every((r) => r.outcome === 'invited')).toBe(true);
  });
});
