import { afterEach, describe, expect, it } from 'vitest';
import type { BulkPreview, BulkRun } from '../../shared/bff/bulk';
import { CSRF_HEADER } from '../../shared/bff/protocol';
import { MemoryAuditLog } from '../store';
import { closeTestBffs, createTestBff, ORIGIN, signIn } from '../test-support/test-bff';
import { bulkEngineFor } from './routes';

/** A bulk deactivation with the spam clean-up (level 459), on both sides of the level. */
function setup(featureLevel: number) {
  const audit = new MemoryAuditLog();
  const h = createTestBff({ sim: { generatedUsers: 40, featureLevel }, deps: { audit } });
  return { ...h, audit, engine: bulkEngineFor(h.config, h.deps) };
}
type Harness = ReturnType<typeof setup>;

afterEach(closeTestBffs);

async function call<T>(h: Harness, cookie: string, path: string, body?: unknown) {
  const headers = new Headers({ origin: ORIGIN, [CSRF_HEADER]: '1', cookie, 'content-type': 'application/json' });
  const res = await h.app.request(
    new Request(ORIGIN + path, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as T };
}

const publicMessagesOf = (h: Harness, userId: number) =>
  [...h.sim.store.messages.values()].filter(
    (m) => m.senderId === userId && !m.dmRecipients && !h.sim.store.channel(m.streamId)?.inviteOnly,
  );

/** The member and the guest: in the demo realm only the named accounts have posted. */
function posters(h: Harness, count: number): number[] {
  const ids = ['member@demo.test', 'guest@demo.test'].map((e) => h.sim.store.userByDeliveryEmail(e)!.user_id);
  return ids.filter((id) => publicMessagesOf(h, id).length > 0).slice(0, count);
}

const SPAM = { delete_public_channel_messages: true, delete_direct_messages: true };

describe('bulk deactivation with a spam clean-up', () => {
  it('below 459 is refused at the preview, naming the level, before anything is planned', async () => {
    const h = setup(458);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await call(h, cookie, '/bff/bulk/preview', {
      action: { kind: 'deactivate', comment: null, actions: SPAM },
      userIds: posters(h, 2),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'actions',
      msg: 'Clean-up needs a newer chat server: feature level 459, this one is at 458.',
    });
  });

  it('from 459 says what goes in the label and the typed phrase, deletes it, and its undo says it stays deleted', async () => {
    const h = setup(500);
    const cookie = await signIn(h, 'admin@demo.test');
    const targets = posters(h, 2);
    expect(targets).toHaveLength(2);
    const p = (
      await call<BulkPreview>(h, cookie, '/bff/bulk/preview', {
        action: { kind: 'deactivate', comment: null, actions: SPAM },
        userIds: targets,
      })
    ).body;
    expect(p.label).toBe('Deactivate 2 users and delete their messages in public channels and their direct messages');
    expect(p.confirmation).toBe('deactivate 2 users and delete their messages');
    const plain = await call(h, cookie, '/bff/bulk/runs', {
      previewId: p.previewId,
      confirmation: 'deactivate 2 users',
    });
    expect(plain.status).toBe(400);

    const run = (
      await call<BulkRun>(h, cookie, '/bff/bulk/runs', { previewId: p.previewId, confirmation: p.confirmation })
    ).body;
    await h.engine.settled(run.id);
    for (const id of targets) {
      expect(h.sim.store.user(id)!.isActive).toBe(false);
      expect(publicMessagesOf(h, id)).toEqual([]);
    }
    const notes = h.audit.all.filter((e) => e.operation === 'deactivateUser').map((e) => e.note);
    expect(notes).toEqual([
      'Deactivated, and the server deleted their messages in public channels and their direct messages.',
      'Deactivated, and the server deleted their messages in public channels and their direct messages.',
    ]);

    const undo = await call<BulkPreview>(h, cookie, `/bff/bulk/runs/${run.id}/undo-preview`);
    expect(undo.body.label).toBe('Reactivate 2 users (what the clean-up deleted stays deleted)');
  });

  it('asks only for the plain phrase when the clean-up deletes no messages', async () => {
    const h = setup(500);
    const cookie = await signIn(h, 'admin@demo.test');
    const p = (
      await call<BulkPreview>(h, cookie, '/bff/bulk/preview', {
        action: { kind: 'deactivate', comment: null, actions: { delete_profile: true } },
        userIds: posters(h, 1),
      })
    ).body;
    expect(p.label).toBe('Deactivate 1 user and delete their profile (name and picture)');
    expect(p.confirmation).toBe('deactivate 1 user');
  });
});
