import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  DELIVERY_RETENTION,
  replyBody,
  type OutgoingWebhookPayload,
  type ReplyTemplate,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../shared/bff/webhooks';
import type { TokenVault } from './token-vault';
import {
  checkNewEndpoint,
  checkReply,
  deliveryOf,
  type NewEndpoint,
  type VerifyOutcome,
  type WebhookRegistry,
} from './webhook-registry';
import { guard, type Db } from './database';
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from './schema';

function toEndpoint(r: Omit<WebhookEndpointRow, 'sealedToken'>): WebhookEndpoint {
  return {
    id: r.id,
    bot: { userId: r.botUserId, email: r.botEmail, fullName: r.botFullName },
    createdAt: r.createdAt.toISOString(),
    createdBy: { userId: r.createdByUserId, fullName: r.createdByFullName },
    reply: r.reply,
    deliveryCount: r.deliveryCount,
    lastDeliveryAt: r.lastDeliveryAt ? r.lastDeliveryAt.toISOString() : null,
  };
}

function toDelivery(r: WebhookDeliveryRow): WebhookDelivery {
  return {
    seq: r.id,
    endpointId: r.endpointId,
    receivedAt: r.receivedAt.toISOString(),
    trigger: r.trigger as WebhookDelivery['trigger'],
    rawTrigger: r.rawTrigger,
    sender: { userId: r.senderUserId, email: r.senderEmail, fullName: r.senderFullName },
    where:
      r.whereType === 'private'
        ? { type: 'private', recipients: r.recipients ?? [] }
        : { type: 'stream', channel: r.channel ?? '', streamId: r.streamId, topic: r.topic ?? '' },
    messageId: r.messageId,
    data: r.data,
    payload: r.payload,
    response: r.response,
  };
}

/** Every column but the sealed token. */
const endpointView = {
  id: webhookEndpoints.id,
  botUserId: webhookEndpoints.botUserId,
  botEmail: webhookEndpoints.botEmail,
  botFullName: webhookEndpoints.botFullName,
  createdAt: webhookEndpoints.createdAt,
  createdByUserId: webhookEndpoints.createdByUserId,
  createdByFullName: webhookEndpoints.createdByFullName,
  reply: webhookEndpoints.reply,
  deliveryCount: webhookEndpoints.deliveryCount,
  lastDeliveryAt: webhookEndpoints.lastDeliveryAt,
};

/**
 * Webhook endpoints and their newest deliveries in SQL: shared by every replica, kept across restarts; the
 * same queries on PGlite and PostgreSQL. The bot token is stored only sealed (token-vault.ts) and checked
 * in constant time; each recording keeps the newest `retention` deliveries of its endpoint in the same
 * transaction (the endpoint's row lock orders concurrent recordings of one endpoint).
 */
export class SqlWebhookRegistry implements WebhookRegistry {
  constructor(
    private readonly db: Db,
    private readonly vault: TokenVault,
    private readonly retention = DELIVERY_RETENTION,
  ) {}

  async create(input: NewEndpoint, now: number): Promise<WebhookEndpoint> {
    const checked = checkNewEndpoint(input);
    const sealedToken = this.vault.seal(checked.id, checked.token);
    const rows = await guard(() =>
      this.db
        .insert(webhookEndpoints)
        .values({
          id: checked.id,
          botUserId: checked.bot.userId,
          botEmail: checked.bot.email,
          botFullName: checked.bot.fullName,
          createdAt: new Date(now),
          createdByUserId: checked.createdBy.userId,
          createdByFullName: checked.createdBy.fullName,
          sealedToken,
          reply: checked.reply,
        })
        .returning(endpointView),
    );
    return toEndpoint(rows[0]!);
  }

  async list(): Promise<WebhookEndpoint[]> {
    const rows = await guard(() =>
      this.db
        .select(endpointView)
        .from(webhookEndpoints)
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id)),
    );
    return rows.map((r) => toEndpoint(r));
  }

  async get(id: string): Promise<WebhookEndpoint | null> {
    const rows = await guard(() =>
      this.db.select(endpointView).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
    );
    return rows[0] ? toEndpoint(rows[0]) : null;
  }

  async setReply(id: string, reply: ReplyTemplate): Promise<WebhookEndpoint | null> {
    const checked = checkReply(reply);
    const rows = await guard(() =>
      this.db
        .update(webhookEndpoints)
        .set({ reply: checked })
        .where(eq(webhookEndpoints.id, id))
        .returning(endpointView),
    );
    return rows[0] ? toEndpoint(rows[0]) : null;
  }

  async delete(id: string): Promise<boolean> {
    // The deliveries go with it (ON DELETE CASCADE).
    const rows = await guard(() =>
      this.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id }),
    );
    return rows.length > 0;
  }

  async exists(id: string): Promise<boolean> {
    const rows = await guard(() =>
      this.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
    );
    return rows.length > 0;
  }

  async verify(id: string, token: string): Promise<VerifyOutcome> {
    const rows = await guard(() =>
      this.db
        .select({ sealedToken: webhookEndpoints.sealedToken })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id)),
    );
    if (!rows[0]) return 'unknown-endpoint';
    return this.vault.matches(id, rows[0].sealedToken, token) ? 'ok' : 'wrong-token';
  }

  async deliveries(id: string): Promise<WebhookDelivery[] | null> {
    if (!(await this.exists(id))) return null;
    const rows = await guard(() =>
      this.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, id))
        .orderBy(desc(webhookDeliveries.id))
        .limit(this.retention),
    );
    return rows.map(toDelivery);
  }

  async record(
    id: string,
    payload: OutgoingWebhookPayload,
    rawTrigger: string,
    now: number,
  ): Promise<Record<string, unknown> | null> {
    const at = new Date(now);
    // Built (and checked against the contract) before the transaction: the response is set from the reply.
    const d = deliveryOf(id, payload, rawTrigger, {}, now);
    return guard(() =>
      this.db.transaction(async (tx) => {
        // Locks the endpoint's row until commit: recordings of one endpoint run one after the other.
        const [endpoint] = await tx
          .update(webhookEndpoints)
          .set({ deliveryCount: sql`${webhookEndpoints.deliveryCount} + 1`, lastDeliveryAt: at })
          .where(eq(webhookEndpoints.id, id))
          .returning({ reply: webhookEndpoints.reply });
        if (!endpoint) return null;
        const response = replyBody(endpoint.reply);
        const inserted = await tx
          .insert(webhookDeliveries)
          .values({
            endpointId: id,
            receivedAt: at,
            trigger: d.trigger,
            rawTrigger: d.rawTrigger,
            senderUserId: d.sender.userId,
            senderEmail: d.sender.email,
            senderFullName: d.sender.fullName,
            whereType: d.where.type,
            channel: d.where.type === 'stream' ? d.where.channel : null,
            streamId: d.where.type === 'stream' ? d.where.streamId : null,
            topic: d.where.type === 'stream' ? d.where.topic : null,
            recipients: d.where.type === 'private' ? d.where.recipients : null,
            messageId: d.messageId,
            data: d.data,
            payload: d.payload,
            response,
          })
          .returning({ id: webhookDeliveries.id });
        // Retention: everything of this endpoint older than its newest `retention` deliveries goes.
        await tx.delete(webhookDeliveries).where(
          and(
            eq(webhookDeliveries.endpointId, id),
            sql`${webhookDeliveries.id} <= (
                SELECT newer.id FROM console_webhook_deliveries AS newer
                WHERE newer.endpoint_id = ${id} AND newer.id <= ${inserted[0]!.id}
                ORDER BY newer.id DESC OFFSET ${this.retention} LIMIT 1
              )`,
          ),
        );
        return response;
      }),
    );
  }
}
