import { Hono, type Context } from 'hono';
import { bffErrorCodes, errorEnvelope } from '../shared/svc/envelope';
import type { AppEnv, BffDeps } from './app-types';
import { requestIdPolicy } from './audit';
import { bffBodyLimits } from './middleware/body-limits';
import { bulkRoutes } from './bulk/routes';
import { auditRoutes } from './routes/audit-routes';
import type { Config } from './config';
import { csrfGuard } from './middleware/csrf-guard';
import { describeErrorForLog } from './log-line';
import { eventsRoutes } from './routes/events-routes';
import { proxyRoutes } from './routes/proxy-routes';
import { refuseNul } from './middleware/refuse-nul';
import { securityHeaders } from './middleware/security-headers';
import { publicSessionInfo, sessionRoutes } from './routes/session-routes';
import { stateRoutes } from './routes/state-routes';
import { staticRoutes } from './routes/static-routes';
import { readSessionId } from './session-cookie';
import { StoreUnavailableError } from './store/database';
import { svcRoutes } from './routes/svc-routes';
import { createWebhooks } from './webhooks';

/** Builds the BFF without opening sockets, so tests and the demo drive it with app.request(). */
export function createApp(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();

  // CSP, framing, sniffing and referrer policy for every answer: see security-headers.ts.
  app.use('*', securityHeaders());
  // Before any other work (logging included): an oversized body is refused unread (see body-limits.ts).
  app.use('/bff/*', bffBodyLimits());
  if (config.logRequests) {
    app.use('/bff/*', async (c, next) => {
      const started = performance.now();
      await next();
      // Path only: query strings and bodies may carry user data and never reach the log.
      deps.log(
        'info',
        `${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${Math.round(performance.now() - started)}ms`,
      );
    });
  }
  app.use('/bff/*', csrfGuard(config));
  app.use('/bff/*', refuseNul());
  app.use('/bff/*', requestIdPolicy(config.trustProxy));

  // Called by the chat server with the bot's token: no console session, no CSRF header (see webhooks/).
  const webhooks = createWebhooks(config, deps);
  app.route('/hooks/outgoing', webhooks.receiver);

  app.get('/bff/health', async (c) => {
    const server = await deps.serverInfo.get();
    return c.json({ status: 'ok', svc: server.info ? 'reachable' : 'unreachable' });
  });
  app.route('/bff/session', sessionRoutes(config, deps));
  app.route('/bff/svc', svcRoutes(config, deps));
  app.route('/bff/audit', auditRoutes(config, deps));
  app.route('/bff/events', eventsRoutes(config, deps));
  app.route('/bff/state', stateRoutes(config, deps));
  app.route('/bff/bulk', bulkRoutes(config, deps));
  app.route('/bff/proxy', proxyRoutes(config, deps));
  app.route('/bff/webhooks', webhooks.admin);
  app.all('/bff/*', (c) => c.json(errorEnvelope(bffErrorCodes.unknownOperation, 'No such console endpoint.'), 404));
  // A page load is a visit: it keeps the session alive, like every other request.
  const liveSession = async (c: Context) => {
    const id = readSessionId(c, config);
    return id !== null && (await deps.sessions.touch(id, deps.now())) !== null;
  };
  app.route(
    '/',
    staticRoutes(config.staticDir, liveSession, () => publicSessionInfo(deps)),
  );

  app.onError((error, c) => {
    if (error instanceof StoreUnavailableError) {
      deps.log('error', `${c.req.method} ${new URL(c.req.url).pathname}: ${describeErrorForLog(error)}`);
      return c.json(
        errorEnvelope(bffErrorCodes.storeUnavailable, "The console's database is unavailable. Try again in a moment."),
        503,
      );
    }
    // The class only: an error's text may quote the request or a driver's query.
    deps.log('error', `unhandled ${c.req.method} ${new URL(c.req.url).pathname}: ${describeErrorForLog(error)}`);
    return c.json(errorEnvelope(bffErrorCodes.internal, 'The console hit an unexpected error.'), 500);
  });
  return app;
}
export type BffApp = ReturnType<typeof createApp>;
