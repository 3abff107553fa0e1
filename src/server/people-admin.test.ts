import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAuditLog } from './store';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from './test-support/test-bff';

afterEach(closeTestBffs);

function setup() {
  const audit = new MemoryAuditLog();
  return { ...createTestBff({ sim: { generatedUsers: 0 }, deps: { audit } }), audit };
}

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function post(path: string, cookie: string, params: Record<string, string>, method = 'POST') {
  return consoleRequest(path, cookie, {
    method,
    body: new URLSearchParams(params),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('people administration through the BFF', () => {
  it('uploads an emoji image as one multipart file and audits it without the image', async () => {
    const h = setup();
    const cookie = await signIn(h, 'member@demo.test');
    const res = await h.app.request(post('/bff/svc/realm/emoji/tiny_dot', cookie, { file: PNG }));
    expect(res.status).toBe(200);
    const stored = [...h.sim.store.realmEmoji.values()].find((e) => e.name === 'tiny_dot')!;
    const image = await h.sim.fetch(new Request(`http://sim.test/user_avatars/1/emoji/images/${stored.id}.png`));
    expect(new Uint8Array(await image.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode('PNG'));
    const entry = h.audit.all.find((e) => e.operation === 'uploadRealmEmoji')!;
    expect(entry).toMatchObject({ outcome: 'success', target: { type: 'emoji', name: 'tiny_dot' } });
    // The image itself is not kept: its type, size and digest say which one it was.
    expect(entry.params.file).toEqual({
      type: 'image/png',
      bytes: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('refuses an image the console does not upload before anything goes upstream', async () => {
    const h = setup();
    const cookie = await signIn(h, 'member@demo.test');
    const res = await h.app.request(post('/bff/svc/realm/emoji/bad', cookie, { file: 'data:text/html;base64,PGI+' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'INVALID_PARAMS',
      msg: 'file: Choose a PNG, GIF, JPEG or WebP image.',
    });
  });

  it('audits invitations, profile fields and user creation with what they act on', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const invite = await h.app.request(
      post('/bff/svc/invites', cookie, { invitee_emails: 'a@example.com, member@demo.test', stream_ids: '[]' }),
    );
    expect(invite.status).toBe(400);
    expect(await invite.json()).toMatchObject({ code: 'INVITATION_FAILED', sent_invitations: true });
    await h.app.request(post('/bff/svc/realm/profile_fields', cookie, { name: 'Team', field_type: '1' }));
    await h.app.request(
      post('/bff/svc/users', cookie, { email: 'x@example.com', password: 'secret-1', full_name: 'X' }),
    );
    const byOp = (op: string) => h.audit.all.find((e) => e.operation === op)!;
    expect(byOp('sendInvites')).toMatchObject({
      outcome: 'error',
      error: { code: 'INVITATION_FAILED' },
      target: { type: 'invitation', name: 'a@example.com, member@demo.test' },
    });
    expect(byOp('createCustomProfileField')).toMatchObject({
      outcome: 'success',
      target: { type: 'profile_field', name: 'Team' },
    });
    expect(byOp('createUser')).toMatchObject({
      outcome: 'error',
      error: { msg: 'User not authorized to create users' },
      target: { type: 'user', name: 'X' },
      params: { password: '[redacted]' },
    });
  });
});
