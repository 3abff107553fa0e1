import { describe, expect, it } from 'vitest';
import { svcOpList, svcOps } from './catalog';
import { matchOperation, operationFor } from './match';
import { checkParams } from './params';

describe('matchOperation', () => {
  it('finds every catalogued operation from its own method and template', () => {
    const samples: Record<string, string> = {
      user_id: '7',
      email: 'someone@demo.test',
      filter_id: '7',
      draft_id: '7',
      saved_snippet_id: '7',
      stream_id: '7',
      user_group_id: '7',
      message_id: '7',
      channel_folder_id: '7',
      attachment_id: '7',
      user_id_or_email: '7',
      invite_id: '7',
      field_id: '7',
      emoji_name: 'party_parrot',
      export_id: '7',
      playground_id: '7',
    };
    for (const op of svcOpList) {
      const path = op.template.segments.map((s) => (s.startsWith('{') ? samples[s.slice(1, -1)]! : s)).join('/');
      const match = matchOperation(op.method, '/' + path);
      expect(match && operationFor(match, op.whenParam ? [op.whenParam, 'x'] : ['x']).id).toBe(op.id);
    }
  });
  it('tells two operations on one path apart by the parameter one of them carries', () => {
    const match = matchOperation('PATCH', '/settings')!;
    expect(match.op).toBe(svcOps.updateOwnSettings);
    expect(operationFor(match, ['allow_private_data_export'])).toBe(svcOps.updateOwnSettings);
    expect(operationFor(match, ['target_users', 'web_home_view'])).toBe(svcOps.updateSettingsForUsers);
    expect(operationFor(matchOperation('GET', '/users')!, ['target_users'])).toBe(svcOps.getUsers);
  });
  it('prefers literal segments: /users/me is the own user, not user "me"', () => {
    expect(matchOperation('GET', '/users/me')?.op).toBe(svcOps.getOwnUser);
  });
  it('tells /users/{user_id} from /users/{email} by the parameter', () => {
    expect(matchOperation('GET', '/users/42')).toEqual({ op: svcOps.getUser, pathParams: { user_id: 42 } });
    expect(matchOperation('GET', '/users/mia%40demo.test')?.op).toBe(svcOps.getUserByEmail);
    expect(matchOperation('GET', '/users/user42@demo.test')?.pathParams).toEqual({ email: 'user42@demo.test' });
  });
  it('answers a repeated call the same, with path parameters nobody can change', () => {
    const first = matchOperation('GET', '/users/42');
    expect(matchOperation('GET', '/users/42')).toBe(first);
    expect(Object.isFrozen(first?.pathParams)).toBe(true);
    expect(matchOperation('GET', '/users/43')?.pathParams).toEqual({ user_id: 43 });
    expect(matchOperation('GET', '/users/%E0%A4%A')).toBeNull();
  });
  it('refuses what is not catalogued', () => {
    expect(matchOperation('PUT', '/users/1')).toBeNull();
    expect(matchOperation('GET', '/users/1/secret')).toBeNull();
    expect(matchOperation('DELETE', '/users/not-a-number')).toBeNull();
    expect(matchOperation('GET', '/register')).toBeNull();
  });
});

describe('checkParams', () => {
  it('uses the server’s own wording for the status limits', () => {
    const long = checkParams(svcOps.updateUserStatus, { user_id: 3, status_text: 'x'.repeat(61) });
    expect(long).toEqual({ ok: false, msg: 'status_text is too long (limit: 60 characters)', field: 'status_text' });
    const noName = checkParams(svcOps.updateUserStatus, { user_id: 3, emoji_code: '1f697' });
    expect(noName.ok).toBe(false);
    expect(!noName.ok && noName.msg).toBe(
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    );
  });
  it('refuses unknown parameters and wrong types, naming the field', () => {
    const extra = checkParams(svcOps.deactivateUser, { user_id: 3, sneaky: 'x' });
    expect(extra).toMatchObject({ ok: false, msg: 'Unsupported parameter: sneaky' });
    const role = checkParams(svcOps.updateUser, { user_id: 3, role: 250 });
    expect(role).toMatchObject({ ok: false, field: 'role' });
  });
  it('accepts a valid deactivation with and without a comment', () => {
    expect(checkParams(svcOps.deactivateUser, { user_id: 3 }).ok).toBe(true);
    expect(checkParams(svcOps.deactivateUser, { user_id: 3, deactivation_notification_comment: '' }).ok).toBe(true);
  });
});

describe('numeric path parameters have one spelling', () => {
  it.each([
    '999.0',
    '9.99e2',
    '999e0',
    '0999',
    '00',
    '999%20',
    '%20999',
    '%39%39%39',
    '+999',
    '-0',
    '9007199254740993',
  ])('DELETE /export/realm/%s is no operation', (alias) => {
    expect(matchOperation('DELETE', `/export/realm/${alias}`)).toBeNull();
  });

  it('the canonical decimal matches, zero included where the schema takes it', () => {
    expect(matchOperation('DELETE', '/export/realm/999')?.pathParams).toEqual({ export_id: 999 });
    expect(matchOperation('GET', '/users/0')).toBeNull();
    expect(matchOperation('GET', '/users/9007199254740991')?.pathParams).toEqual({ user_id: 9007199254740991 });
  });

  it('text parameters are not held to it', () => {
    expect(matchOperation('DELETE', '/realm/emoji/007')?.pathParams).toEqual({ emoji_name: '007' });
  });
});
