import { afterEach, describe, expect, it } from 'vitest';
import { PROFILE_FIELD_IDS } from '../sim/svc';
import { MemoryAuditLog } from './store';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from './test-support/test-bff';

afterEach(closeTestBffs);

/**
 * People administration across Zulip 12's levels, through the BFF and the simulator, on both sides of each:
 * the deactivation clean-up (459), profile fields matched in name suggestions (455) and long text on the
 * card (476). A parameter the server's level does not take is refused before it goes upstream, since the
 * server would ignore it and do the rest.
 */
function setup(featureLevel: number) {
  const audit = new MemoryAuditLog();
  return { ...createTestBff({ sim: { generatedUsers: 0, featureLevel }, deps: { audit } }), audit };
}

function send(path: string, cookie: string, params: Record<string, string>, method = 'POST') {
  return consoleRequest(path, cookie, {
    method,
    body: new URLSearchParams(params),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const SPAM_CLEAN_UP = JSON.stringify({ delete_public_channel_messages: true, delete_profile: true });

function member(h: ReturnType<typeof setup>) {
  return h.sim.store.userByDeliveryEmail('member@demo.test')!;
}

function messagesBy(h: ReturnType<typeof setup>, userId: number) {
  return [...h.sim.store.messages.values()].filter((m) => m.senderId === userId);
}

describe('459: deactivation with a spam clean-up', () => {
  it('below 459 refuses the clean-up on its field before anything goes upstream; a plain deactivation still works', async () => {
    const h = setup(458);
    const cookie = await signIn(h, 'admin@demo.test');
    const mia = member(h);
    const path = `/bff/svc/users/${mia.user_id}`;
    const refused = await h.app.request(send(path, cookie, { actions: SPAM_CLEAN_UP }, 'DELETE'));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'actions',
      msg: 'Clean-up needs a newer chat server: feature level 459, this one is at 458.',
    });
    expect(h.apiCalls().some((r) => r.method === 'DELETE')).toBe(false);
    expect(mia.isActive).toBe(true);
    expect(h.audit.all.some((e) => e.operation === 'deactivateUser')).toBe(false);

    expect((await h.app.request(send(path, cookie, {}, 'DELETE'))).status).toBe(200);
    expect(mia.isActive).toBe(false);
  });

  it('from 459 sends the actions as the server takes them; the messages and the profile go, the audit says so in words', async () => {
    const h = setup(459);
    const cookie = await signIn(h, 'admin@demo.test');
    const mia = member(h);
    expect(messagesBy(h, mia.user_id).length).toBeGreaterThan(0);
    const res = await h.app.request(
      send(`/bff/svc/users/${mia.user_id}`, cookie, { actions: SPAM_CLEAN_UP }, 'DELETE'),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).not.toHaveProperty('ignored_parameters_unsupported');
    const sent = h.apiCalls().find((r) => r.method === 'DELETE')!;
    expect(JSON.parse(new URLSearchParams(sent.body).get('actions')!)).toEqual({
      delete_public_channel_messages: true,
      delete_profile: true,
    });
    expect(mia.isActive).toBe(false);
    expect(mia.fullName).toBe('Deleted user');
    // Public channel messages only: the clean-up chose nothing else.
    expect(
      messagesBy(h, mia.user_id).filter((m) => !m.dmRecipients && !h.sim.store.channel(m.streamId)?.inviteOnly),
    ).toEqual([]);
    const entry = h.audit.all.find((e) => e.operation === 'deactivateUser')!;
    expect(entry).toMatchObject({
      outcome: 'success',
      note: 'Deactivated, and the server deleted their messages in public channels and their profile (name and picture).',
    });
  });

  it('refuses an action the API does not have, naming it', async () => {
    const h = setup(500);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      send(`/bff/svc/users/${member(h).user_id}`, cookie, { actions: '{"delete_everything":true}' }, 'DELETE'),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'actions' });
    expect(member(h).isActive).toBe(true);
  });
});

describe('455: profile fields matched in name suggestions', () => {
  it('below 455 refuses the setting before it goes upstream, naming the level', async () => {
    const h = setup(454);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      send('/bff/svc/realm/profile_fields', cookie, {
        name: 'Employee ID',
        field_type: '1',
        use_for_user_matching: 'true',
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      field: 'use_for_user_matching',
      msg: 'Matched in name suggestions needs a newer chat server: feature level 455, this one is at 454.',
    });
    expect(h.apiCalls().some((r) => r.url.pathname === '/api/v1/realm/profile_fields')).toBe(false);
  });

  it('from 455 creates a matched short text field, and refuses matching on a type the API does not match', async () => {
    const h = setup(455);
    const cookie = await signIn(h, 'admin@demo.test');
    const ok = await h.app.request(
      send('/bff/svc/realm/profile_fields', cookie, {
        name: 'Employee ID',
        field_type: '1',
        use_for_user_matching: 'true',
      }),
    );
    expect(ok.status).toBe(200);
    const { id } = (await ok.json()) as { id: number };
    const list = await h.app.request(consoleRequest('/bff/svc/realm/profile_fields', cookie));
    const fields = ((await list.json()) as { custom_fields: { id: number; use_for_user_matching?: boolean }[] })
      .custom_fields;
    expect(fields.find((f) => f.id === id)).toMatchObject({ use_for_user_matching: true });

    const date = await h.app.request(
      send('/bff/svc/realm/profile_fields', cookie, { name: 'Start', field_type: '4', use_for_user_matching: 'true' }),
    );
    expect(date.status).toBe(400);
    const refusal = (await date.json()) as { code: string; field: string; msg: string };
    expect(refusal).toMatchObject({ code: 'INVALID_PARAMS', field: 'use_for_user_matching' });
    expect(refusal.msg).toContain('Only short text and external account fields can be matched in name suggestions.');
  });
});

describe('476: long text on the profile card', () => {
  it.each([
    [475, 400],
    [476, 200],
  ])('at level %i putting the biography on the card answers %i', async (level, status) => {
    const h = setup(level);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      send(
        `/bff/svc/realm/profile_fields/${PROFILE_FIELD_IDS.biography}`,
        cookie,
        { display_in_profile_summary: 'true' },
        'PATCH',
      ),
    );
    expect(res.status).toBe(status);
    if (status === 400) {
      // The server's own refusal, verbatim: the console sends it and shows what the server says.
      expect(await res.json()).toMatchObject({ msg: 'Field type not supported for display in profile summary.' });
    }
  });
});
