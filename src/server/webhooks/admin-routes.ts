import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import {
  createEndpointRequestSchema,
  demoConnectRequestSchema,
  OUTGOING_WEBHOOK_BOT_TYPE,
  receiverPath,
  updateEndpointRequestSchema,
  webhooksApi,
} from '../../shared/bff/webhooks';
import { svcOps } from '../../shared/svc/catalog';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { AppEnv, BffDeps } from '../app-types';
import { auditUnavailable, beginAudit, INTERNAL_ERROR_RESULT, resultOfResponse, type AuditStart } from '../audit';
import type { Config } from '../config';
import { jsonBody } from '../middleware/json-body';
import { answer } from '../routes/route-answer';
import { requireAdmin } from '../middleware/require-admin';
import { UpstreamRefusal } from '../upstreams/svc-upstream';
import type { RefusalLog } from './refusals';
import { isEndpointId, newEndpointId, type WebhookRegistry } from '../store/webhook-registry';

const FORBIDDEN = bffErrorCodes.forbidden;
const NOT_FOUND = bffErrorCodes.webhookEndpointNotFound;
const NOT_AN_OUTGOING_WEBHOOK_BOT = bffErrorCodes.notAnOutgoingWebhookBot;

/**
 * `/bff/webhooks`: administrators only (checked here, whatever the SPA shows); mutations pass the console's
 * CSRF guard like every other `/bff` mutation. The pasted token goes into the vault and is never returned.
 *
 * - `GET /endpoints`, `POST /endpoints` `{botUserId, token, reply?}` (the bot is checked upstream, with the
 *   administrator's own credentials, to be an active outgoing-webhook bot), `PATCH /endpoints/:id` `{reply}`,
 *   `DELETE /endpoints/:id`;
 * - `GET /endpoints/:id/deliveries`: the kept deliveries, newest first, and the receiver's refusals (the
 *   inspector polls it);
 * - `POST /demo-connect` `{botUserId}`, demo mode only: an endpoint for the simulator's bot with its token, and
 *   the bot pointed at it (what an administrator does by hand with a real server's bot settings).
 *
 * Creation, reply changes and deletion are audited (area `console`, operations `webhooks.createEndpoint`,
 * `webhooks.updateEndpoint`, `webhooks.deleteEndpoint`, target type `webhook`): the entry is written before
 * the change, and the change is refused when it cannot be. The pasted token is redacted from the entry's
 * parameters (and a reply's content reduced to its length), like every audited secret and message body.
 */
const notFound = (c: Context) => c.json(errorEnvelope(NOT_FOUND, 'No such webhook endpoint.'), 404);

/** Not an endpoint id's shape: no endpoint, and nothing of it reaches the audit or the store. */
function endpointIdChecked(notFound: (c: Context) => Response): MiddlewareHandler<AppEnv> {
  return (c, next) => (isEndpointId(c.req.param('id') ?? '') ? next() : Promise.resolve(notFound(c)));
}

type BotRecord = z.output<(typeof svcOps.getUser)['response']>['user'];

export function webhookAdminRoutes(config: Config, deps: BffDeps, registry: WebhookRegistry, refusals: RefusalLog) {
  const app = new Hono<AppEnv>();

  app.use(
    '*',
    async (c, next) => {
      c.header('cache-control', 'no-store');
      return next();
    },
    ...requireAdmin(config, deps, {
      code: FORBIDDEN,
      msg: 'Only organization owners and administrators can manage outgoing webhooks.',
    }),
  );

  app.use('/endpoints/:id/*', endpointIdChecked(notFound));
  // Mounted after the guards above, so they run first for every route of both.
  app.route('/', endpointCreationRoutes(config, deps, registry));
  app.route('/', endpointRoutes(deps, registry, refusals));
  return app;
}

/** Runs `action` once its audit entry is written; the entry is completed with the outcome and target name. */
async function audited(
  c: Context<AppEnv>,
  deps: BffDeps,
  start: Omit<AuditStart, 'area'>,
  action: (nameTarget: (name: string) => void) => Promise<Response>,
): Promise<Response> {
  const audit = await beginAudit(c, deps, { area: 'console', ...start });
  if (!audit) return auditUnavailable(c);
  let targetName = start.target?.name ?? null;
  let response: Response;
  try {
    response = await action((name) => (targetName = name));
  } catch (error) {
    await audit.finish(INTERNAL_ERROR_RESULT, targetName);
    throw error;
  }
  await audit.finish(await resultOfResponse(response), targetName);
  return response;
}

/**
 * The bot, looked up upstream with the administrator's own credentials and named in the audit entry; or the
 * answer refusing it (upstream's refusal, or a bot that is not an active outgoing-webhook bot).
 */
async function outgoingWebhookBot(
  c: Context<AppEnv>,
  deps: BffDeps,
  botUserId: number,
  nameTarget: (name: string) => void,
): Promise<BotRecord | Response> {
  const session = c.get('session');
  let bot;
  try {
    ({ user: bot } = await deps.svc.call(
      svcOps.getUser,
      { user_id: botUserId },
      { email: session.apiEmail, apiKey: session.apiKey },
    ));
  } catch (error) {
    if (error instanceof UpstreamRefusal) return c.json(error.envelope, error.status as 400);
    throw error;
  }
  nameTarget(bot.full_name);
  if (!bot.is_bot || bot.bot_type !== OUTGOING_WEBHOOK_BOT_TYPE || !bot.is_active) {
    return c.json(
      errorEnvelope(NOT_AN_OUTGOING_WEBHOOK_BOT, `${bot.full_name} is not an active outgoing-webhook bot.`),
      400,
    );
  }
  return bot;
}

/** `POST /endpoints` and, in the demo, `POST /demo-connect`. */
function endpointCreationRoutes(config: Config, deps: BffDeps, registry: WebhookRegistry) {
  const app = new Hono<AppEnv>();
  app.post('/endpoints', jsonBody(createEndpointRequestSchema), async (c) => {
    const input = c.req.valid('json');
    const session = c.get('session');
    // Named before it exists, so the audit entry written first can point at it.
    const id = newEndpointId();
    // `params` carries the pasted token: redactParams replaces it with `[redacted]` before it is stored.
    const start = {
      operation: 'webhooks.createEndpoint',
      target: { type: 'webhook' as const, id, name: null },
      params: { ...input },
    };
    return audited(c, deps, start, async (nameTarget) => {
      const bot = await outgoingWebhookBot(c, deps, input.botUserId, nameTarget);
      if (bot instanceof Response) return bot;
      const endpoint = await registry.create(
        {
          id,
          bot: { userId: bot.user_id, email: bot.email, fullName: bot.full_name },
          createdBy: { userId: session.userId, fullName: session.fullName },
          token: input.token,
          reply: input.reply ?? { kind: 'none' },
        },
        deps.now(),
      );
      deps.log('info', `webhook endpoint ${endpoint.id} created for bot ${bot.user_id} by user ${session.userId}`);
      return answer(c, webhooksApi.create, { endpoint }, 201);
    });
  });

  app.post('/demo-connect', jsonBody(demoConnectRequestSchema), async (c) => {
    const demo = deps.demoWebhooks;
    if (!demo) {
      return c.json(
        errorEnvelope(FORBIDDEN, 'Only the demo can point a bot at the console; a real server’s bot is set up there.'),
        403,
      );
    }
    const input = c.req.valid('json');
    const session = c.get('session');
    const id = newEndpointId();
    const start = {
      operation: 'webhooks.createEndpoint',
      target: { type: 'webhook' as const, id, name: null },
      params: { ...input, demo: true },
    };
    return audited(c, deps, start, async (nameTarget) => {
      const bot = await outgoingWebhookBot(c, deps, input.botUserId, nameTarget);
      if (bot instanceof Response) return bot;
      // The endpoint exists before the bot is pointed at it, so no notification finds it missing.
      const endpoint = await registry.create(
        {
          id,
          bot: { userId: bot.user_id, email: bot.email, fullName: bot.full_name },
          createdBy: { userId: session.userId, fullName: session.fullName },
          token: demo.token(bot.email),
          reply: { kind: 'none' },
        },
        deps.now(),
      );
      const origin = config.publicOrigin ?? new URL(c.req.url).origin;
      demo.pointAt(bot.email, `${origin}${receiverPath(id)}`);
      deps.log('info', `demo: webhook endpoint ${id} created for bot ${bot.user_id}, the bot pointed at it`);
      return answer(c, webhooksApi.demoConnect, { endpoint }, 201);
    });
  });
  return app;
}

/** Listing, reply changes, deletion and the deliveries of existing endpoints. */
function endpointRoutes(deps: BffDeps, registry: WebhookRegistry, refusals: RefusalLog) {
  const app = new Hono<AppEnv>();
  app.get('/endpoints', async (c) => answer(c, webhooksApi.endpoints, { endpoints: await registry.list() }));

  app.patch('/endpoints/:id', jsonBody(updateEndpointRequestSchema), async (c) => {
    const input = c.req.valid('json');
    const id = c.req.param('id');
    const existing = await registry.get(id);
    const start = {
      operation: 'webhooks.updateEndpoint',
      target: { type: 'webhook' as const, id, name: existing?.bot.fullName ?? null },
      params: { reply: input.reply },
    };
    return audited(c, deps, start, async () => {
      const endpoint = await registry.setReply(id, input.reply);
      return endpoint ? answer(c, webhooksApi.update, { endpoint }) : notFound(c);
    });
  });

  app.delete('/endpoints/:id', async (c) => {
    const id = c.req.param('id');
    const existing = await registry.get(id);
    const start = {
      operation: 'webhooks.deleteEndpoint',
      target: { type: 'webhook' as const, id, name: existing?.bot.fullName ?? null },
      params: {},
    };
    return audited(c, deps, start, async () => {
      if (!(await registry.delete(id))) return notFound(c);
      refusals.forget(id);
      deps.log('info', `webhook endpoint ${id} deleted by user ${c.get('session').userId}`);
      return c.body(null, 204);
    });
  });

  app.get('/endpoints/:id/deliveries', async (c) => {
    const id = c.req.param('id');
    const deliveries = await registry.deliveries(id);
    if (!deliveries) return notFound(c);
    return answer(c, webhooksApi.deliveries, { deliveries, refused: refusals.list(id), refusedSince: refusals.since });
  });
  return app;
}
