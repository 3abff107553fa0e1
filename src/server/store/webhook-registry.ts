import { randomBytes } from 'node:crypto';
import {
  DELIVERY_RETENTION,
  REDACTED_TOKEN,
  replyBody,
  replyTemplateSchema,
  webhookDeliverySchema,
  webhookTokenSchema,
  type OutgoingWebhookPayload,
  type ReplyTemplate,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../shared/bff/webhooks';
import type { TokenVault } from './token-vault';

export type VerifyOutcome = 'unknown-endpoint' | 'wrong-token' | 'ok';

export interface NewEndpoint {
  /** Chosen by the caller (see `newEndpointId`) so the audit entry can name it before it exists. */
  id: string;
  bot: WebhookEndpoint['bot'];
  createdBy: WebhookEndpoint['createdBy'];
  /** The bot's token as pasted; sealed before it is kept (token-vault.ts), never returned. */
  token: string;
  reply: ReplyTemplate;
}

/** A delivery as it is kept, before the store numbers it. */
export type NewDelivery = Omit<WebhookDelivery, 'seq'>;

/**
 * Where webhook endpoints and their newest deliveries live: SQL in the running console
 * (`store/sql-webhook-store.ts`, shared by replicas and kept across restarts), memory in unit tests.
 * Times are passed in (epoch ms), as the session store's are.
 */
export interface WebhookRegistry {
  create(input: NewEndpoint, now: number): Promise<WebhookEndpoint>;
  /** Oldest first. */
  list(): Promise<WebhookEndpoint[]>;
  get(id: string): Promise<WebhookEndpoint | null>;
  setReply(id: string, reply: ReplyTemplate): Promise<WebhookEndpoint | null>;
  /** Removes the endpoint and its deliveries; false when there was none. */
  delete(id: string): Promise<boolean>;
  exists(id: string): Promise<boolean>;
  /** Whether `token` is the endpoint's bot token (compared in constant time on SHA-256 digests). */
  verify(id: string, token: string): Promise<VerifyOutcome>;
  /** Newest first, at most the retention limit; null for an unknown endpoint. */
  deliveries(id: string): Promise<WebhookDelivery[] | null>;
  /**
   * Records a verified, well-formed notification (dropping the oldest beyond the retention limit); returns
   * the response body the chat server gets, or null for an unknown endpoint.
   */
  record(
    id: string,
    payload: OutgoingWebhookPayload,
    rawTrigger: string,
    now: number,
  ): Promise<Record<string, unknown> | null>;
}

/** 128 random bits: the URL is not the secret (the token is), but it should not be guessable either. */
export function newEndpointId(): string {
  return randomBytes(16).toString('base64url');
}

/** The endpoint checked before it is kept: a valid id, token and reply, or an error (nothing invalid stored). */
/** What an endpoint id looks like (see newEndpointId): anything else names no endpoint. */
export function isEndpointId(text: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(text);
}

export function checkNewEndpoint(input: NewEndpoint): NewEndpoint {
  if (!isEndpointId(input.id)) throw new Error('webhook endpoint: invalid id');
  const token = webhookTokenSchema.safeParse(input.token);
  if (!token.success || token.data !== input.token) throw new Error('webhook endpoint: invalid token');
  return { ...input, reply: checkReply(input.reply) };
}

export function checkReply(reply: ReplyTemplate): ReplyTemplate {
  const parsed = replyTemplateSchema.safeParse(reply);
  if (!parsed.success) throw new Error('webhook endpoint: invalid reply template');
  return parsed.data;
}

const keptDeliverySchema = webhookDeliverySchema.omit({ seq: true });

/**
 * What is kept of a notification: who sent it where, the raw Markdown, and the payload with its token
 * replaced by `REDACTED_TOKEN` (the token authenticated the delivery; it is not kept with it). Checked against
 * the contract before it is stored.
 */
export function deliveryOf(
  endpointId: string,
  payload: OutgoingWebhookPayload,
  rawTrigger: string,
  response: Record<string, unknown>,
  now: number,
): NewDelivery {
  const { message } = payload;
  const recipients = Array.isArray(message.display_recipient) ? message.display_recipient : null;
  const delivery: NewDelivery = {
    endpointId,
    receivedAt: new Date(now).toISOString(),
    trigger: payload.trigger,
    rawTrigger,
    sender: { userId: message.sender_id, email: message.sender_email ?? '', fullName: message.sender_full_name },
    where:
      recipients === null
        ? {
            type: 'stream',
            channel: String(message.display_recipient),
            streamId: message.stream_id ?? null,
            topic: message.subject,
          }
        : {
            type: 'private',
            recipients: recipients.map((r) =>
              typeof r.full_name === 'string' ? r.full_name : typeof r.email === 'string' ? r.email : String(r.id),
            ),
          },
    messageId: message.id,
    data: payload.data,
    payload: { ...payload, trigger: rawTrigger, token: REDACTED_TOKEN },
    response,
  };
  const checked = keptDeliverySchema.safeParse(delivery);
  if (!checked.success) throw new Error(`webhook delivery: not storable (${checked.error.issues[0]?.message})`);
  if (!['direct_message', 'mention', 'private_message'].includes(rawTrigger)) {
    throw new Error('webhook delivery: unknown trigger');
  }
  return delivery;
}

interface MemoryEndpoint {
  readonly endpoint: WebhookEndpoint;
  /** The bot's token, sealed (see token-vault.ts). */
  readonly sealedToken: string;
  /** Oldest first, at most `retention`. */
  deliveries: WebhookDelivery[];
}

/** The registry in memory (unit tests): the reference semantics the SQL store implements. */
export class MemoryWebhookRegistry implements WebhookRegistry {
  private readonly endpoints = new Map<string, MemoryEndpoint>();
  private seq = 0;

  constructor(
    private readonly vault: TokenVault,
    private readonly retention = DELIVERY_RETENTION,
  ) {}

  async create(input: NewEndpoint, now: number): Promise<WebhookEndpoint> {
    const checked = checkNewEndpoint(input);
    if (this.endpoints.has(checked.id)) throw new Error('webhook endpoint: duplicate id');
    const endpoint: WebhookEndpoint = {
      id: checked.id,
      bot: { ...checked.bot },
      createdAt: new Date(now).toISOString(),
      createdBy: { ...checked.createdBy },
      reply: checked.reply,
      deliveryCount: 0,
      lastDeliveryAt: null,
    };
    this.endpoints.set(checked.id, {
      endpoint,
      sealedToken: this.vault.seal(checked.id, checked.token),
      deliveries: [],
    });
    return structuredClone(endpoint);
  }

  async list(): Promise<WebhookEndpoint[]> {
    return [...this.endpoints.values()].map((e) => structuredClone(e.endpoint));
  }

  async get(id: string): Promise<WebhookEndpoint | null> {
    const stored = this.endpoints.get(id);
    return stored ? structuredClone(stored.endpoint) : null;
  }

  async setReply(id: string, reply: ReplyTemplate): Promise<WebhookEndpoint | null> {
    const stored = this.endpoints.get(id);
    if (!stored) return null;
    stored.endpoint.reply = checkReply(reply);
    return structuredClone(stored.endpoint);
  }

  async delete(id: string): Promise<boolean> {
    return this.endpoints.delete(id);
  }

  async exists(id: string): Promise<boolean> {
    return this.endpoints.has(id);
  }

  async verify(id: string, token: string): Promise<VerifyOutcome> {
    const stored = this.endpoints.get(id);
    if (!stored) return 'unknown-endpoint';
    return this.vault.matches(id, stored.sealedToken, token) ? 'ok' : 'wrong-token';
  }

  async deliveries(id: string): Promise<WebhookDelivery[] | null> {
    const stored = this.endpoints.get(id);
    return stored ? structuredClone(stored.deliveries).reverse() : null;
  }

  async record(
    id: string,
    payload: OutgoingWebhookPayload,
    rawTrigger: string,
    now: number,
  ): Promise<Record<string, unknown> | null> {
    const stored = this.endpoints.get(id);
    if (!stored) return null;
    const response = replyBody(stored.endpoint.reply);
    const delivery = deliveryOf(id, payload, rawTrigger, response, now);
    stored.deliveries.push(structuredClone({ seq: ++this.seq, ...delivery }));
    if (stored.deliveries.length > this.retention)
      stored.deliveries.splice(0, stored.deliveries.length - this.retention);
    stored.endpoint.deliveryCount++;
    stored.endpoint.lastDeliveryAt = delivery.receivedAt;
    return response;
  }
}
