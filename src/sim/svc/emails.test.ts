import { describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, EMAIL_VISIBILITY, type EmailVisibility, type SimUser } from '.';

const sim = createSvcSimulator({ generatedUsers: 100 });

function someone(visibility: EmailVisibility, avatar: 'G' | 'U' = 'G'): SimUser {
  const user = sim.store.users.find(
    (u) =>
      !u.isBot && u.isActive && u.emailAddressVisibility === visibility && u.avatarSource === avatar && u.user_id > 9,
  );
  if (!user) throw new Error(`no generated user with visibility ${visibility}`);
  return user;
}

async function viewAs(viewer: string, target: SimUser, params: Record<string, unknown> = {}) {
  const { body } = await callSim(sim, 'GET', `/users/${target.user_id}`, { as: viewer, params });
  return body.user as { email: string; delivery_email: string | null; avatar_url: string | null };
}

const VIEWERS = ['owner@demo.test', 'admin@demo.test', 'moderator@demo.test', 'member@demo.test', 'guest@demo.test'];

describe('email visibility', () => {
  // Rows: target's setting; columns: owner, admin, moderator, member, guest may see the real address.
  it.each([
    ['everyone', EMAIL_VISIBILITY.everyone, [true, true, true, true, true]],
    ['members', EMAIL_VISIBILITY.members, [true, true, true, true, false]],
    ['moderators', EMAIL_VISIBILITY.moderators, [true, true, true, false, false]],
    ['admins', EMAIL_VISIBILITY.admins, [true, true, false, false, false]],
    ['nobody', EMAIL_VISIBILITY.nobody, [false, false, false, false, false]],
  ] as const)('"%s" shows the real address to the right roles', async (_name, visibility, sees) => {
    const target = someone(visibility);
    const dummy = `user${target.user_id}@demo.test`;
    for (const [i, viewer] of VIEWERS.entries()) {
      const user = await viewAs(viewer, target);
      expect(user.delivery_email, `${viewer} viewing ${target.deliveryEmail}`).toBe(
        sees[i] ? target.deliveryEmail : null,
      );
      expect(user.email).toBe(visibility === EMAIL_VISIBILITY.everyone ? target.deliveryEmail : dummy);
    }
  });

  it('always shows users their own address', async () => {
    const target = someone(EMAIL_VISIBILITY.nobody);
    const { body } = await callSim(sim, 'GET', '/users/me', {
      headers: { authorization: `Basic ${btoa(`${target.deliveryEmail}:${target.apiKey}`)}` },
    });
    expect(body).toMatchObject({ delivery_email: target.deliveryEmail, email: `user${target.user_id}@demo.test` });
  });

  it('always shows bots’ addresses', async () => {
    const bot = sim.store.users.find((u) => u.isBot);
    if (!bot) throw new Error('no bot');
    const user = await viewAs('guest@demo.test', bot);
    expect(user).toMatchObject({ email: bot.deliveryEmail, delivery_email: bot.deliveryEmail });
  });

  it('omits delivery_email where old servers did (before level 163)', async () => {
    const old = createSvcSimulator({ generatedUsers: 100, featureLevel: 162 });
    const { body } = await callSim(old, 'GET', '/users', { as: 'admin@demo.test' });
    const members = body.members as Record<string, unknown>[];
    const everyone = members.find((m) => m.email === 'member@demo.test');
    expect(everyone).not.toHaveProperty('delivery_email');
    const hidden = members.find((m) => String(m.email).startsWith('user') && m.delivery_email !== undefined);
    expect(hidden?.delivery_email).toMatch(/@demo\.test$/);
  });
});

describe('avatar_url', () => {
  it('is null for gravatar users whose address the viewer sees, when the client computes gravatars', async () => {
    const target = someone(EMAIL_VISIBILITY.everyone);
    expect((await viewAs('member@demo.test', target)).avatar_url).toBeNull();
    expect((await viewAs('member@demo.test', target, { client_gravatar: false })).avatar_url).toMatch(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/,
    );
  });

  it('is a URL when the viewer may not see the address', async () => {
    const target = someone(EMAIL_VISIBILITY.admins);
    expect((await viewAs('member@demo.test', target)).avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\//);
    expect((await viewAs('admin@demo.test', target)).avatar_url).toBeNull();
  });

  it('points uploaded avatars at the simulator, which serves them', async () => {
    const target = someone(EMAIL_VISIBILITY.everyone, 'U');
    const url = (await viewAs('member@demo.test', target)).avatar_url;
    expect(url).toBe(`http://127.0.0.1:9991/user_avatars/2/${target.user_id}.svg?version=${target.avatarVersion}`);
    const res = await sim.fetch(new Request(url ?? ''));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<svg');
  });
});

describe('GET /users/{email}', () => {
  const lookup = (s: typeof sim, as: string, email: string) =>
    callSim(s, 'GET', `/users/${encodeURIComponent(email)}`, { as });

  it('finds a user by a real address the caller may see (level ≥ 302)', async () => {
    const target = someone(EMAIL_VISIBILITY.admins);
    const { status, body } = await lookup(sim, 'admin@demo.test', target.deliveryEmail);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ user_id: target.user_id });
  });

  it('hides a real address the caller may not see', async () => {
    const target = someone(EMAIL_VISIBILITY.admins);
    const { status, body } = await lookup(sim, 'member@demo.test', target.deliveryEmail);
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('finds everyone by the dummy address (level ≥ 302), case-insensitively', async () => {
    for (const target of [someone(EMAIL_VISIBILITY.nobody), someone(EMAIL_VISIBILITY.everyone)]) {
      const { status, body } = await lookup(sim, 'guest@demo.test', `User${target.user_id}@Demo.Test`);
      expect(status).toBe(200);
      expect(body.user).toMatchObject({ user_id: target.user_id });
    }
  });

  it('matches only the API email before level 302', async () => {
    const old = createSvcSimulator({ generatedUsers: 100, featureLevel: 301 });
    const hidden = old.store.users.find((u) => u.emailAddressVisibility === EMAIL_VISIBILITY.admins);
    const open = old.store.users.find((u) => u.user_id > 9 && u.emailAddressVisibility === EMAIL_VISIBILITY.everyone);
    if (!hidden || !open) throw new Error('fixture users missing');
    // A hidden user: only the dummy (their API email) works, even for an administrator.
    expect((await lookup(old, 'admin@demo.test', hidden.deliveryEmail)).body.msg).toBe('No such user');
    expect((await lookup(old, 'admin@demo.test', `user${hidden.user_id}@demo.test`)).status).toBe(200);
    // A visible user: the real address is the API email; the dummy is nobody's.
    expect((await lookup(old, 'member@demo.test', open.deliveryEmail)).status).toBe(200);
    expect((await lookup(old, 'member@demo.test', `user${open.user_id}@demo.test`)).body.msg).toBe('No such user');
  });

  it.each(['nobody@demo.test', 'not-an-email', 'user99999@demo.test', 'user12@elsewhere.test'])(
    'answers "No such user" for %s',
    async (email) => {
      const { status, body } = await lookup(sim, 'admin@demo.test', email);
      expect(status).toBe(400);
      expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
    },
  );
});
