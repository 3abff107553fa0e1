import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  createEndpointRequestSchema,
  OUTGOING_WEBHOOK_BOT_TYPE,
  updateEndpointRequestSchema,
  type WebhookDeliveriesResponse,
  type WebhookEndpointsResponse,
} from '../../shared/bff/webhooks';
import { svcOps } from '../../shared/svc/catalog';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import { describeIssue } from '../../shared/svc/params';
import { isAdminRole } from '../../shared/svc/roles';
import type { AppEnv, BffDeps } from '../app-types';
import type { Config } from '../config';
import { requireSession } from '../require-session';
import { UpstreamRefusal } from '../svc-upstream';
import type { WebhookRegistry } from './registry';

const FORBIDDEN = 'FORBIDDEN';
const NOT_FOUND = 'WEBHOOK_ENDPOINT_NOT_FOUND';
const NOT_AN_OUTGOING_WEBHOOK_BOT = 'NOT_AN_OUTGOING_WEBHOOK_BOT';

async function jsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; msg: string }> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, msg: 'Send a JSON body.' };
  }
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, msg: describeIssue(parsed.error.issues[0]).msg };
}

/**
 * `/bff/webhooks`: administrators only (checked here, whatever the SPA shows); mutations pass the console's
 * CSRF guard like every other `/bff` mutation. The pasted token goes into the vault and is never returned.
 *
 * - `GET /endpoints`, `POST /endpoints` `{botUserId, token, reply?}` (the bot is checked upstream, with the
 *   administrator's own credentials, to be an active outgoing-webhook bot), `PATCH /endpoints/:id` `{reply}`,
 *   `DELETE /endpoints/:id`;
 * - `GET /endpoints/:id/deliveries`: the kept deliveries, newest first (the inspector polls it).
 */
export function webhookAdminRoutes(config: Config, deps: BffDeps, registry: WebhookRegistry) {
  const app = new Hono<AppEnv>();

  app.use('*', requireSession(config, deps), async (c, next) => {
    c.header('cache-control', 'no-store');
    if (!isAdminRole(c.get('session').role)) {
      return c.json(
        errorEnvelope(FORBIDDEN, 'Only organization owners and administrators can manage outgoing webhooks.'),
        403,
      );
    }
    return next();
  });

  const notFound = (c: Context) => c.json(errorEnvelope(NOT_FOUND, 'No such webhook endpoint.'), 404);

  app.get('/endpoints', (c) => c.json({ endpoints: registry.list() } satisfies WebhookEndpointsResponse));

  app.post('/endpoints', async (c) => {
    const input = await jsonBody(c, createEndpointRequestSchema);
    if (!input.ok) return c.json(errorEnvelope(bffErrorCodes.invalidParams, input.msg), 400);
    const session = c.get('session');
    let bot;
    try {
      ({ user: bot } = await deps.svc.call(
        svcOps.getUser,
        { user_id: input.data.botUserId },
        { email: session.apiEmail, apiKey: session.apiKey },
      ));
    } catch (error) {
      if (error instanceof UpstreamRefusal) return c.json(error.envelope, error.status as 400);
      throw error;
    }
    if (!bot.is_bot || bot.bot_type !== OUTGOING_WEBHOOK_BOT_TYPE || !bot.is_active) {
      return c.json(
        errorEnvelope(NOT_AN_OUTGOING_WEBHOOK_BOT, `${bot.full_name} is not an active outgoing-webhook bot.`),
        400,
      );
    }
    const endpoint = registry.create({
      bot: { userId: bot.user_id, email: bot.email, fullName: bot.full_name },
      createdBy: { userId: session.userId, fullName: session.fullName },
      token: input.data.token,
      reply: input.data.reply ?? { kind: 'none' },
    });
    deps.log('info', `webhook endpoint ${endpoint.id} created for bot ${bot.user_id} by user ${session.userId}`);
    return c.json({ endpoint }, 201);
  });

  app.patch('/endpoints/:id', async (c) => {
    const input = await jsonBody(c, updateEndpointRequestSchema);
    if (!input.ok) return c.json(errorEnvelope(bffErrorCodes.invalidParams, input.msg), 400);
    const endpoint = registry.setReply(c.req.param('id'), input.data.reply);
    return endpoint ? c.json({ endpoint }) : notFound(c);
  });

  app.delete('/endpoints/:id', (c) => {
    const id = c.req.param('id');
    if (!registry.delete(id)) return notFound(c);
    deps.log('info', `webhook endpoint ${id} deleted by user ${c.get('session').userId}`);
    return c.body(null, 204);
  });

  app.get('/endpoints/:id/deliveries', (c) => {
    const deliveries = registry.deliveries(c.req.param('id'));
    return deliveries ? c.json({ deliveries } satisfies WebhookDeliveriesResponse) : notFound(c);
  });

  return app;
}
