import { describe, expect, it } from 'vitest';
import { accountStateCode } from './dead-key';

describe('what a refused key says about the account', () => {
  it.each([
    // A real server at level 372: the code is the same for a wrong key and a deactivated account.
    [{ code: 'UNAUTHORIZED', msg: 'Account is deactivated' }, 'USER_DEACTIVATED'],
    [{ code: 'UNAUTHORIZED', msg: 'This organization has been deactivated' }, 'REALM_DEACTIVATED'],
    [{ code: 'UNAUTHORIZED', msg: 'Invalid API key' }, 'UNAUTHORIZED'],
    // Older spellings, by code.
    [{ code: 'USER_DEACTIVATED', msg: 'Account is deactivated' }, 'USER_DEACTIVATED'],
    [{ code: 'INVALID_API_KEY', msg: 'Invalid API key' }, 'INVALID_API_KEY'],
    // Another refusal that happens to mention a deactivation is not about the account.
    [{ code: 'BAD_REQUEST', msg: 'Channel is already deactivated' }, 'BAD_REQUEST'],
  ])('%o → %s', (envelope, code) => {
    expect(accountStateCode(envelope)).toBe(code);
  });
});
