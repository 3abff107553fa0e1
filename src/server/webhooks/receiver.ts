import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { outgoingWebhookPayloadSchema } from '../../shared/bff/webhooks';
import { errorEnvelope } from '../../shared/svc/envelope';
import type { WebhookRegistry } from './registry';

export const RECEIVER_ERRORS = {
  unknownEndpoint: 'WEBHOOK_ENDPOINT_NOT_FOUND',
  badToken: 'WEBHOOK_BAD_TOKEN',
  invalidPayload: 'WEBHOOK_INVALID_PAYLOAD',
  tooLarge: 'WEBHOOK_PAYLOAD_TOO_LARGE',
} as const;

class TooLarge extends Error {}

/** The body as text, refusing (without reading on) once it passes `maxBytes`, whatever Content-Length said. */
async function readLimited(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new TooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describe(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'The body is not an outgoing webhook notification.';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * `POST /hooks/outgoing/{endpoint_id}`: called by the chat server, not by a browser, so it has no session
 * and no CSRF check; the bot's token in the body authenticates it. Unknown endpoint → 404, body too big →
 * 413, not JSON or missing the token → 400, wrong token → 401 (before the rest of the shape is judged, so a
 * caller without the token learns nothing more), otherwise not the documented shape → 400 with the reason.
 * Only accepted deliveries are kept; the answer is the endpoint's reply template.
 */
export function receiverRoutes(registry: WebhookRegistry, options: { maxBodyBytes: number; now: () => number }) {
  const app = new Hono();
  const fail = (c: Context, status: 400 | 401 | 404 | 413, code: string, msg: string) => {
    c.header('cache-control', 'no-store');
    return c.json(errorEnvelope(code, msg), status);
  };

  app.post('/:endpointId', async (c) => {
    const id = c.req.param('endpointId');
    if (!(await registry.exists(id))) return fail(c, 404, RECEIVER_ERRORS.unknownEndpoint, 'No such webhook endpoint.');
    let text: string;
    try {
      text = await readLimited(c.req.raw, options.maxBodyBytes);
    } catch (error) {
      if (error instanceof TooLarge) {
        return fail(c, 413, RECEIVER_ERRORS.tooLarge, `The body is larger than ${options.maxBodyBytes} bytes.`);
      }
      throw error;
    }
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
