import { z } from 'zod';
import { messageSchema } from '../svc/messages';
import { bffRoute, typed } from './route-def';

/**
 * Outgoing webhooks: the wire contract of the BFF's receiver (`POST /hooks/outgoing/{endpoint_id}`, called
 * by the chat server) and of the administrators' inspector (`/bff/webhooks/*`).
 */
export const WEBHOOKS_PATH = '/bff/webhooks';
export const WEBHOOK_ENDPOINTS_PATH = `${WEBHOOKS_PATH}/endpoints`;
/** Where the chat server delivers; outside `/bff`, so no console session or CSRF header is involved. */
export const OUTGOING_HOOK_PREFIX = '/hooks/outgoing';

export const receiverPath = (endpointId: string) => `${OUTGOING_HOOK_PREFIX}/${encodeURIComponent(endpointId)}`;
/** Demo mode only: one click gives the simulator's outgoing-webhook bot an endpoint and points it there. */
export const WEBHOOK_DEMO_CONNECT_PATH = `${WEBHOOKS_PATH}/demo-connect`;

export const demoConnectRequestSchema = z.strictObject({ botUserId: z.number().int().positive() });
export type DemoConnectRequest = z.input<typeof demoConnectRequestSchema>;

/** Refused notifications kept per endpoint, in the console process's memory (oldest dropped first). */
export const REFUSAL_RETENTION = 50;

/** The bot type of outgoing-webhook bots in user records (`bot_type`). */
export const OUTGOING_WEBHOOK_BOT_TYPE = 3;

/** Deliveries kept per endpoint (oldest dropped first). */
export const DELIVERY_RETENTION = 200;

export const WEBHOOK_TRIGGERS = ['direct_message', 'mention'] as const;
export type WebhookTrigger = (typeof WEBHOOK_TRIGGERS)[number];

/** `direct_message` was named `private_message` before feature level 201; both read as `direct_message`. */
export const triggerSchema = z
  .enum([...WEBHOOK_TRIGGERS, 'private_message'])
  .transform((t): WebhookTrigger => (t === 'private_message' ? 'direct_message' : t));

/** The notification body the chat server POSTs (the `message` is a message as `GET /messages` returns it). */
export const outgoingWebhookPayloadSchema = z.looseObject({
  bot_email: z.string().min(1),
  bot_full_name: z.string(),
  data: z.string(),
  trigger: triggerSchema,
  token: z.string().min(1),
  message: messageSchema,
});
export type OutgoingWebhookPayload = z.output<typeof outgoingWebhookPayloadSchema>;

/** Outgoing-webhook bot tokens are alphanumeric. */
export const webhookTokenSchema = z
  .string()
  .trim()
  .min(1, 'Paste the bot’s token.')
  .max(200, 'That is too long to be a bot token.')
  .regex(/^[A-Za-z0-9]+$/, 'A bot token has letters and digits only.');

export const MAX_REPLY_LENGTH = 10_000;

/** What the receiver answers, which the chat server reads: a reply posted as the bot, or no reply. */
export const replyTemplateSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({
    kind: z.literal('content'),
    content: z
      .string()
      .trim()
      .min(1, 'Write the reply, or choose no reply.')
      .max(MAX_REPLY_LENGTH, `A reply has at most ${MAX_REPLY_LENGTH} characters.`),
  }),
]);
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;

/** The HTTP response body for a reply template. */
export function replyBody(reply: ReplyTemplate): { content: string } | { response_not_required: true } {
  return reply.kind === 'content' ? { content: reply.content } : { response_not_required: true };
}

export const createEndpointRequestSchema = z.strictObject({
  botUserId: z.number().int().positive(),
  token: webhookTokenSchema,
  reply: replyTemplateSchema.optional(),
});
export type CreateEndpointRequest = z.input<typeof createEndpointRequestSchema>;

export const updateEndpointRequestSchema = z.strictObject({ reply: replyTemplateSchema });
export type UpdateEndpointRequest = z.input<typeof updateEndpointRequestSchema>;

/** An endpoint as the console shows it; the token is never sent back. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  bot: z.object({ userId: z.number().int(), email: z.string(), fullName: z.string() }),
  createdAt: z.string(),
  createdBy: z.object({ userId: z.number().int(), fullName: z.string() }),
  reply: replyTemplateSchema,
  deliveryCount: z.number().int(),
  lastDeliveryAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** One accepted notification. The stored payload has its token replaced by `REDACTED_TOKEN`. */
export const webhookDeliverySchema = z.object({
  /** Increases with every delivery the console receives (any endpoint). */
  seq: z.number().int(),
  endpointId: z.string(),
  receivedAt: z.string(),
  trigger: z.enum(WEBHOOK_TRIGGERS),
  /** As sent, when the server used the old name. */
  rawTrigger: z.string(),
  sender: z.object({ userId: z.number().int(), email: z.string(), fullName: z.string() }),
  /** Channel messages: the channel and topic; direct messages: the other participants' names. */
  where: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('stream'),
      channel: z.string(),
      streamId: z.number().int().nullable(),
      topic: z.string(),
    }),
    z.object({ type: z.literal('private'), recipients: z.array(z.string()) }),
  ]),
  messageId: z.number().int(),
  /** The raw Markdown content. */
  data: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** The body the receiver answered with. */
  response: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const REDACTED_TOKEN = '[redacted]';

export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointsResponse = z.infer<typeof webhookEndpointsResponseSchema>;

/** The answer to a create, a demo connect or an update: the endpoint as it now is. */
export const webhookEndpointResponseSchema = z.object({ endpoint: webhookEndpointSchema });
/**
 * A notification the receiver refused (wrong token, not the documented shape, too large): when, the HTTP
 * status and error code it answered, and its message. Nothing of the body is kept: it may carry a token.
 */
export const webhookRefusalSchema = z.object({
  receivedAt: z.string(),
  status: z.number().int(),
  code: z.string(),
  reason: z.string(),
});
export type WebhookRefusal = z.infer<typeof webhookRefusalSchema>;

export const webhookDeliveriesResponseSchema = z.object({
  /** Newest first. */
  deliveries: z.array(webhookDeliverySchema),
  /** Newest first, at most `REFUSAL_RETENTION`, kept in memory by this console process. */
  refused: z.array(webhookRefusalSchema),
  /** Since when this console process has kept refusals (it keeps none across restarts). */
  refusedSince: z.string(),
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;

/** The inspector's routes (src/server/webhooks/admin-routes.ts answers them). */
export const webhooksApi = {
  endpoints: bffRoute({ method: 'GET', path: WEBHOOK_ENDPOINTS_PATH, answer: webhookEndpointsResponseSchema }),
  create: bffRoute({
    method: 'POST',
    path: WEBHOOK_ENDPOINTS_PATH,
    body: createEndpointRequestSchema,
    answer: webhookEndpointResponseSchema,
  }),
  demoConnect: bffRoute({
    method: 'POST',
    path: WEBHOOK_DEMO_CONNECT_PATH,
    body: demoConnectRequestSchema,
    answer: webhookEndpointResponseSchema,
  }),
  update: bffRoute({
    method: 'PATCH',
    path: `${WEBHOOK_ENDPOINTS_PATH}/:id`,
    body: updateEndpointRequestSchema,
    answer: webhookEndpointResponseSchema,
  }),
  /** 204: no answer. */
  remove: bffRoute({ method: 'DELETE', path: `${WEBHOOK_ENDPOINTS_PATH}/:id`, answer: typed<null>() }),
  deliveries: bffRoute({
    method: 'GET',
    path: `${WEBHOOK_ENDPOINTS_PATH}/:id/deliveries`,
    answer: webhookDeliveriesResponseSchema,
  }),
};
