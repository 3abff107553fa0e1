import { randomBytes } from 'node:crypto';
import {
  DELIVERY_RETENTION,
  REDACTED_TOKEN,
  replyBody,
  type OutgoingWebhookPayload,
  type ReplyTemplate,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../shared/bff/webhooks';
import type { TokenVault } from './token-vault';

interface StoredEndpoint {
  readonly id: string;
  readonly bot: WebhookEndpoint['bot'];
  readonly createdAt: string;
  readonly createdBy: WebhookEndpoint['createdBy'];
  /** The bot's token, sealed (see token-vault.ts); never leaves this module in the clear. */
  readonly sealedToken: string;
  reply: ReplyTemplate;
  deliveryCount: number;
  lastDeliveryAt: string | null;
  /** Oldest first, at most `retention`. */
  deliveries: WebhookDelivery[];
}

export type VerifyOutcome = 'unknown-endpoint' | 'wrong-token' | 'ok';

/**
 * Endpoints and their last deliveries, in memory: the console's SQL store does not keep them (yet), so they
 * last as long as the process. Each endpoint keeps its newest `retention` deliveries.
 */
export class WebhookRegistry {
  private readonly endpoints = new Map<string, StoredEndpoint>();
  private seq = 0;

  constructor(
    private readonly vault: TokenVault,
    private readonly now: () => number,
    private readonly retention = DELIVERY_RETENTION,
  ) {}

  create(input: {
    bot: WebhookEndpoint['bot'];
    createdBy: WebhookEndpoint['createdBy'];
    token: string;
    reply: ReplyTemplate;
  }): WebhookEndpoint {
    // 128 random bits: the URL is not the secret (the token is), but it should not be guessable either.
    const id = randomBytes(16).toString('base64url');
    const stored: StoredEndpoint = {
      id,
      bot: input.bot,
      createdAt: new Date(this.now()).toISOString(),
      createdBy: input.createdBy,
      sealedToken: this.vault.seal(id, input.token),
      reply: input.reply,
      deliveryCount: 0,
      lastDeliveryAt: null,
      deliveries: [],
    };
    this.endpoints.set(id, stored);
    return view(stored);
  }

  list(): WebhookEndpoint[] {
    return [...this.endpoints.values()].map(view);
  }

  get(id: string): WebhookEndpoint | null {
    const stored = this.endpoints.get(id);
    return stored ? view(stored) : null;
  }

  setReply(id: string, reply: ReplyTemplate): WebhookEndpoint | null {
    const stored = this.endpoints.get(id);
    if (!stored) return null;
    stored.reply = reply;
    return view(stored);
  }

  delete(id: string): boolean {
    return this.endpoints.delete(id);
  }

  exists(id: string): boolean {
    return this.endpoints.has(id);
  }

  verify(id: string, token: string): VerifyOutcome {
    const stored = this.endpoints.get(id);
    if (!stored) return 'unknown-endpoint';
    return this.vault.matches(id, stored.sealedToken, token) ? 'ok' : 'wrong-token';
  }

  /** Newest first. */
  deliveries(id: string): WebhookDelivery[] | null {
    const stored = this.endpoints.get(id);
    return stored ? [...stored.deliveries].reverse() : null;
  }

  /** Records a verified, well-formed notification; returns the response body the chat server gets. */
  record(id: string, payload: OutgoingWebhookPayload, rawTrigger: string): Record<string, unknown> | null {
    const stored = this.endpoints.get(id);
    if (!stored) return null;
    const response = replyBody(stored.reply);
    const at = new Date(this.now()).toISOString();
    const { message } = payload;
    const recipients = Array.isArray(message.display_recipient) ? message.display_recipient : null;
    const delivery: WebhookDelivery = {
      seq: ++this.seq,
      endpointId: id,
      receivedAt: at,
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
      // The token authenticated this delivery; it is not kept with it.
      payload: { ...payload, trigger: rawTrigger, token: REDACTED_TOKEN },
      response,
    };
    stored.deliveries.push(delivery);
    if (stored.deliveries.length > this.retention)
      stored.deliveries.splice(0, stored.deliveries.length - this.retention);
    stored.deliveryCount++;
    stored.lastDeliveryAt = at;
    return response;
  }
}

function view(stored: StoredEndpoint): WebhookEndpoint {
  return {
    id: stored.id,
    bot: { ...stored.bot },
    createdAt: stored.createdAt,
    createdBy: { ...stored.createdBy },
    reply: stored.reply,
    deliveryCount: stored.deliveryCount,
    lastDeliveryAt: stored.lastDeliveryAt,
  };
}
