import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { outgoingWebhookPayloadSchema } from '../../shared/bff/webhooks';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import { limitBody } from '../middleware/body-limits';
import type { RefusalLog } from './refusals';
import type { WebhookRegistry } from '../store/webhook-registry';

export const RECEIVER_ERRORS = {
  unknownEndpoint: bffErrorCodes.webhookEndpointNotFound,
  badToken: bffErrorCodes.webhookBadToken,
  invalidPayload: bffErrorCodes.webhookInvalidPayload,
  tooLarge: bffErrorCodes.webhookPayloadTooLarge,
} as const;

function describe(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'The body is not an outgoing webhook notification.';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * `POST /hooks/outgoing/{endpoint_id}`: called by the chat server, not by a browser, so it has no session
 * and no CSRF check; the bot's token in the body authenticates it. Body too big → 413 (unread), unknown
 * endpoint → 404, not JSON or missing the token → 400, wrong token → 401 (before the rest of the shape is judged, so a
 * caller without the token learns nothing more), otherwise not the documented shape → 400 with the reason.
 * Accepted deliveries are kept in the registry; the answer is the endpoint's reply template. Refusals of an
 * existing endpoint's notifications are noted (when, status, code, message; nothing of the body) in `refusals`
 * for the inspector.
 */
export function receiverRoutes(
  registry: WebhookRegistry,
  refusals: RefusalLog,
  options: { maxBodyBytes: number; now: () => number },
) {
  const app = new Hono();
  const fail = (c: Context, status: 400 | 401 | 404, code: string, msg: string) => {
    c.header('cache-control', 'no-store');
    return c.json(errorEnvelope(code, msg), status);
  };

  // Outermost, so that every refusal is seen, the body limit's included. Unknown endpoints have no inspector.
  app.use('/:endpointId', async (c, next) => {
    await next();
    const status = c.res.status;
    if (status < 400 || status === 404) return;
    const id = c.req.param('endpointId');
    if (!(await registry.exists(id))) return;
    const envelope = (await c.res
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown; msg?: unknown } | null;
    refusals.record(id, {
      receivedAt: new Date(options.now()).toISOString(),
      status,
      code: typeof envelope?.code === 'string' ? envelope.code : 'UNKNOWN',
      reason: typeof envelope?.msg === 'string' ? envelope.msg : `HTTP ${status}`,
    });
  });
  // The same limit mechanism as every /bff route, before anything else (the endpoint lookup included).
  app.use('/:endpointId', limitBody(options.maxBodyBytes, RECEIVER_ERRORS.tooLarge));
  app.post('/:endpointId', async (c) => {
    const id = c.req.param('endpointId');
    if (!(await registry.exists(id))) return fail(c, 404, RECEIVER_ERRORS.unknownEndpoint, 'No such webhook endpoint.');
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(c, 400, RECEIVER_ERRORS.invalidPayload, 'The body is not JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return fail(c, 400, RECEIVER_ERRORS.invalidPayload, 'The body is not a JSON object.');
    }
    const token = (body as Record<string, unknown>).token;
    if (typeof token !== 'string' || token === '') {
      return fail(c, 400, RECEIVER_ERRORS.invalidPayload, 'token: the bot’s token is missing.');
    }
    const verdict = await registry.verify(id, token);
    // Deleted while the body was read.
    if (verdict === 'unknown-endpoint')
      return fail(c, 404, RECEIVER_ERRORS.unknownEndpoint, 'No such webhook endpoint.');
    if (verdict === 'wrong-token')
      return fail(c, 401, RECEIVER_ERRORS.badToken, 'The token does not match this endpoint’s bot.');

    const parsed = outgoingWebhookPayloadSchema.safeParse(body);
    if (!parsed.success) return fail(c, 400, RECEIVER_ERRORS.invalidPayload, describe(parsed.error.issues[0]));
    const endpoint = await registry.get(id);
    if (endpoint && parsed.data.bot_email.toLowerCase() !== endpoint.bot.email.toLowerCase()) {
      return fail(c, 400, RECEIVER_ERRORS.invalidPayload, `bot_email: this endpoint belongs to ${endpoint.bot.email}.`);
    }
    const rawTrigger = String((body as Record<string, unknown>).trigger);
    const response = await registry.record(id, parsed.data, rawTrigger, options.now());
    if (!response) return fail(c, 404, RECEIVER_ERRORS.unknownEndpoint, 'No such webhook endpoint.');
    c.header('cache-control', 'no-store');
    return c.json(response);
  });

  return app;
}
