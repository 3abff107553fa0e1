import { sql, type SQL } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outgoingWebhookPayloadSchema, REDACTED_TOKEN, type OutgoingWebhookPayload } from '../../shared/bff/webhooks';
import { newEndpointId, type NewEndpoint } from './webhook-registry';
import { createTokenVault } from './token-vault';
import { openPglite, type Database } from './database';
import { SqlWebhookRegistry } from './sql-webhook-store';
import { DRIVERS, openTestDatabase } from './test-databases';

const TOKEN = 'QpLm7vTokenSecret4242xyzAbCdEf99';
const SECRET = 'a-webhook-test-secret-that-is-long-enough';
const T0 = Date.parse('2030-01-01T00:00:00Z');
const vault = (secret = SECRET) => createTokenVault(() => secret);

async function rowsOf(database: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

function newEndpoint(over: Partial<NewEndpoint> = {}): NewEndpoint {
  return {
    id: newEndpointId(),
    bot: { userId: 30, email: 'standup-bot@demo.test', fullName: 'Standup Helper' },
    createdBy: { userId: 7, fullName: 'Ada' },
    token: TOKEN,
    reply: { kind: 'content', content: 'On it' },
    ...over,
  };
}

function payload(messageId = 1, over: Record<string, unknown> = {}): OutgoingWebhookPayload {
  return outgoingWebhookPayloadSchema.parse({
    bot_email: 'standup-bot@demo.test',
    bot_full_name: 'Standup Helper',
    data: '@**Standup Helper** hi',
    trigger: 'mention',
    token: TOKEN,
    message: {
      id: messageId,
      type: 'stream',
      sender_id: 5,
      sender_email: 'iago@demo.test',
      sender_full_name: 'Iago',
      content: '@**Standup Helper** hi',
      subject: 'standup',
      display_recipient: 'general',
      stream_id: 1,
      recipient_id: 20,
      timestamp: 1527876931,
      client: 'website',
      reactions: [],
      submessages: [],
    },
    ...over,
  });
}

describe.each(DRIVERS)('webhook store on $kind', ({ kind, skip }) => {
  let database: Database;

  beforeAll(async () => {
    if (skip) return;
    database = await openTestDatabase(kind);
    await database.migrate();
  });
  afterAll(async () => {
    if (!skip) await database.close();
  });

  it.skipIf(skip)(
    'keeps an endpoint for a new registry over the same database (restart, or another replica)',
    async () => {
      const first = new SqlWebhookRegistry(database.db, vault());
      const created = await first.create(newEndpoint(), T0);
      expect(created).toEqual({
        id: created.id,
        bot: { userId: 30, email: 'standup-bot@demo.test', fullName: 'Standup Helper' },
        createdAt: new Date(T0).toISOString(),
        createdBy: { userId: 7, fullName: 'Ada' },
        reply: { kind: 'content', content: 'On it' },
        deliveryCount: 0,
        lastDeliveryAt: null,
      });
      expect(await first.record(created.id, payload(1), 'mention', T0 + 1_000)).toEqual({ content: 'On it' });

      const second = new SqlWebhookRegistry(database.db, vault());
      expect(await second.get(created.id)).toEqual({
        ...created,
        deliveryCount: 1,
        lastDeliveryAt: new Date(T0 + 1_000).toISOString(),
      });
      expect((await second.list()).map((e) => e.id)).toContain(created.id);
      expect(await second.exists(created.id)).toBe(true);
      expect(await second.verify(created.id, TOKEN)).toBe('ok');
      expect(await second.verify(created.id, TOKEN.slice(0, -1))).toBe('wrong-token');
      expect(await second.verify(created.id, '')).toBe('wrong-token');
      expect(await second.verify('no-such-endpoint-id', TOKEN)).toBe('unknown-endpoint');
      // Another secret cannot open the sealed token: every token is wrong.
      expect(
        await new SqlWebhookRegistry(database.db, vault('another-secret-another-secret-123')).verify(created.id, TOKEN),
      ).toBe('wrong-token');

      const [delivery] = (await second.deliveries(created.id))!;
      expect(delivery).toMatchObject({
        endpointId: created.id,
        receivedAt: new Date(T0 + 1_000).toISOString(),
        trigger: 'mention',
        rawTrigger: 'mention',
        sender: { userId: 5, email: 'iago@demo.test', fullName: 'Iago' },
        where: { type: 'stream', channel: 'general', streamId: 1, topic: 'standup' },
        messageId: 1,
        data: '@**Standup Helper** hi',
        response: { content: 'On it' },
      });
      expect(delivery!.payload).toMatchObject({ bot_email: 'standup-bot@demo.test', token: REDACTED_TOKEN });

      expect(await second.setReply(created.id, { kind: 'none' })).toMatchObject({ reply: { kind: 'none' } });
      expect((await first.get(created.id))!.reply).toEqual({ kind: 'none' });
      expect(await first.record(created.id, payload(2), 'mention', T0 + 2_000)).toEqual({
        response_not_required: true,
      });
      expect(await second.setReply('no-such-endpoint-id', { kind: 'none' })).toBeNull();
      expect(await second.deliveries('no-such-endpoint-id')).toBeNull();
      expect(await second.record('no-such-endpoint-id', payload(3), 'mention', T0)).toBeNull();
    },
  );

  it.skipIf(skip)('keeps direct-message deliveries with their participants and the old trigger name', async () => {
    const registry = new SqlWebhookRegistry(database.db, vault());
    const { id } = await registry.create(newEndpoint({ reply: { kind: 'none' } }), T0);
    const dm = payload(10, { trigger: 'private_message' });
    dm.message = {
      ...dm.message,
      type: 'private',
      subject: '',
      stream_id: undefined,
      display_recipient: [
        { id: 5, email: 'iago@demo.test', full_name: 'Iago' },
        { id: 30, email: 'standup-bot@demo.test', full_name: 'Standup Helper' },
      ],
    } as OutgoingWebhookPayload['message'];
    await registry.record(id, dm, 'private_message', T0);
    expect((await registry.deliveries(id))![0]).toMatchObject({
      trigger: 'direct_message',
      rawTrigger: 'private_message',
      where: { type: 'private', recipients: ['Iago', 'Standup Helper'] },
      payload: { trigger: 'private_message', token: REDACTED_TOKEN },
    });
  });

  it.skipIf(skip)('keeps the newest 200 deliveries per endpoint, and only its own', async () => {
    const registry = new SqlWebhookRegistry(database.db, vault());
    const busy = await registry.create(newEndpoint(), T0);
    const quiet = await registry.create(newEndpoint(), T0);
    await registry.record(quiet.id, payload(1), 'mention', T0);
    for (let i = 1; i <= 205; i++) await registry.record(busy.id, payload(i), 'mention', T0 + i);
    const kept = (await registry.deliveries(busy.id))!;
    expect(kept).toHaveLength(200);
    expect(kept[0]!.messageId).toBe(205);
    expect(kept.at(-1)!.messageId).toBe(6);
    // Deleted in SQL, not merely hidden.
    const [{ n }] = (await rowsOf(
      database,
      sql`SELECT count(*)::int AS n FROM console_webhook_deliveries WHERE endpoint_id = ${busy.id}`,
    )) as [{ n: number }];
    expect(n).toBe(200);
    expect((await registry.get(busy.id))!.deliveryCount).toBe(205);
    expect(await registry.deliveries(quiet.id)).toHaveLength(1);
  });

  it.skipIf(skip)('keeps the limit when deliveries of one endpoint arrive at once', async () => {
    const registry = new SqlWebhookRegistry(database.db, vault(), 5);
    const { id } = await registry.create(newEndpoint(), T0);
    await Promise.all(Array.from({ length: 20 }, (_, i) => registry.record(id, payload(i + 1), 'mention', T0 + i)));
    const kept = (await registry.deliveries(id))!;
    expect(kept).toHaveLength(5);
    const [{ n }] = (await rowsOf(
      database,
      sql`SELECT count(*)::int AS n FROM console_webhook_deliveries WHERE endpoint_id = ${id}`,
    )) as [{ n: number }];
    expect(n).toBe(5);
    expect((await registry.get(id))!.deliveryCount).toBe(20);
  });

  it.skipIf(skip)('deletes the deliveries with their endpoint', async () => {
    const registry = new SqlWebhookRegistry(database.db, vault());
    const { id } = await registry.create(newEndpoint(), T0);
    for (let i = 1; i <= 3; i++) await registry.record(id, payload(i), 'mention', T0 + i);
    expect(await registry.delete(id)).toBe(true);
    expect(await registry.delete(id)).toBe(false);
    expect(await registry.get(id)).toBeNull();
    expect(await registry.exists(id)).toBe(false);
    expect(await registry.verify(id, TOKEN)).toBe('unknown-endpoint');
    expect(await rowsOf(database, sql`SELECT id FROM console_webhook_deliveries WHERE endpoint_id = ${id}`)).toEqual(
      [],
    );
  });

  it.skipIf(skip)('stores the token only sealed: no row of either table holds it', async () => {
    const registry = new SqlWebhookRegistry(database.db, vault());
    const { id } = await registry.create(newEndpoint(), T0);
    await registry.record(id, payload(1), 'mention', T0);
    const endpoints = await rowsOf(database, sql`SELECT * FROM console_webhook_endpoints`);
    const deliveries = await rowsOf(database, sql`SELECT * FROM console_webhook_deliveries`);
    expect(endpoints.length).toBeGreaterThan(0);
    expect(deliveries.length).toBeGreaterThan(0);
    const text = JSON.stringify([endpoints, deliveries]);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN.toLowerCase());
    expect(String(endpoints.find((r) => r.id === id)!.sealed_token)).toMatch(/^v1\./);
  });

  it.skipIf(skip)('stores nothing invalid', async () => {
    const registry = new SqlWebhookRegistry(database.db, vault());
    const count = async () => (await rowsOf(database, sql`SELECT id FROM console_webhook_endpoints`)).length;
    const before = await count();
    await expect(registry.create(newEndpoint({ token: '' }), T0)).rejects.toThrow(/token/);
    await expect(registry.create(newEndpoint({ token: 'not a token!' }), T0)).rejects.toThrow(/token/);
    await expect(registry.create(newEndpoint({ id: 'short' }), T0)).rejects.toThrow(/id/);
    await expect(registry.create(newEndpoint({ reply: { kind: 'content', content: '   ' } }), T0)).rejects.toThrow(
      /reply/,
    );
    expect(await count()).toBe(before);

    const { id } = await registry.create(newEndpoint(), T0);
    await expect(registry.setReply(id, { kind: 'content', content: '' })).rejects.toThrow(/reply/);
    await expect(registry.record(id, payload(1), 'stream_message', T0)).rejects.toThrow(/trigger/);
    expect(await registry.deliveries(id)).toEqual([]);
    expect((await registry.get(id))!.deliveryCount).toBe(0);

    // And the database itself refuses a payload whose token is not redacted.
    await expect(
      database.db.execute(sql`
        INSERT INTO console_webhook_deliveries (endpoint_id, received_at, trigger, raw_trigger, sender_user_id,
          sender_email, sender_full_name, where_type, channel, topic, message_id, data, payload, response)
        VALUES (${id}, now(), 'mention', 'mention', 5, 'a@b', 'A', 'stream', 'general', 't', 1, 'x',
          ${JSON.stringify({ token: TOKEN })}::jsonb, '{}'::jsonb)`),
    ).rejects.toThrow();
    expect(await registry.deliveries(id)).toEqual([]);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('webhooks in PGlite in DATA_DIR', () => {
  it('survive closing and reopening the database, and no file holds the token', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rc-webhooks-')), 'pglite');
    const first = await openPglite(dir);
    await first.migrate();
    const registry = new SqlWebhookRegistry(first.db, vault());
    const { id } = await registry.create(newEndpoint(), T0);
    await registry.record(id, payload(1), 'mention', T0);
    await first.close();

    for (const file of filesUnder(dir)) expect(readFileSync(file).includes(TOKEN), file).toBe(false);

    const second = await openPglite(dir);
    try {
      const reopened = new SqlWebhookRegistry(second.db, vault());
      expect(await reopened.verify(id, TOKEN)).toBe('ok');
      expect(await reopened.deliveries(id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
