import { Hono, type Context } from 'hono';
import { bulkApi, type BulkRoute } from '../../shared/bff/bulk';
import { svcOps } from '../../shared/svc/catalog';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { AppEnv, BffDeps } from '../app-types';
import type { Config } from '../config';
import { jsonBody } from '../middleware/json-body';
import { requireAdmin } from '../middleware/require-admin';
import { paramsForServer } from '../routes/param-levels';
import { answer as answerRoute } from '../routes/route-answer';
import type { AnswerInputOf } from '../../shared/bff/route-def';
import { UpstreamRefusal } from '../upstreams/svc-upstream';
import { BulkEngine, BulkError, type BulkCaller, type BulkEngineOptions } from './engine';

type Status = 400 | 401 | 403 | 404 | 409 | 410 | 429 | 500 | 502 | 503;

const engines = new WeakMap<BffDeps, BulkEngine>();

/** The BFF's one bulk engine (per deps: one per app); tests may hand in their own first. */
export function bulkEngineFor(config: Config, deps: BffDeps, overrides: Partial<BulkEngineOptions> = {}): BulkEngine {
  let engine = engines.get(deps);
  if (!engine) {
    engine = new BulkEngine({
      svc: deps.svc,
      audit: deps.audit,
      concurrency: config.bulk.concurrency,
      now: deps.now,
      log: deps.log,
      store: deps.bulkRuns,
      ...overrides,
    });
    engines.set(deps, engine);
  }
  return engine;
}

function callerOf(c: Context<AppEnv>): BulkCaller {
  const s = c.get('session');
  return { userId: s.userId, apiEmail: s.apiEmail, apiKey: s.apiKey, fullName: s.fullName, role: s.role };
}

/**
 * `/bff/bulk`: bulk actions on users for administrators (checked here from the session, and again from the
 * chat server's own answer when a preview is computed). Mutations pass the app's CSRF guard like every
 * other `/bff` mutation.
 */
export function bulkRoutes(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();
  const engine = bulkEngineFor(config, deps);

  app.use(
    '*',
    ...requireAdmin(
      config,
      deps,
      { code: bffErrorCodes.bulkForbidden, msg: 'Only organization administrators can run bulk actions.' },
      // Stopping a run must not wait on the chat server (its next request would go out meanwhile).
      (c) => c.req.method === 'POST' && /\/runs\/[^/]+\/(pause|cancel)$/.test(c.req.path),
    ),
  );

  // Runs change by the second: never cached.
  const answer = <R extends BulkRoute>(c: Context<AppEnv>, route: R, value: AnswerInputOf<R>) => {
    c.header('cache-control', 'no-store');
    return answerRoute(c, route, value);
  };

  app.post('/preview', jsonBody(bulkApi.preview.body), async (c) => {
    const req = c.req.valid('json');
    // A clean-up the server's level does not take is refused here, as for one deactivation (param-levels.ts).
    if (req.action.kind === 'deactivate') {
      const checked = await paramsForServer(deps, svcOps.deactivateUser, { actions: req.action.actions });
      if (!checked.ok) return c.json(checked.refusal.envelope, checked.refusal.status);
    }
    return answer(c, bulkApi.preview, await engine.preview(callerOf(c), req.action, req.userIds));
  });
  const userId = (c: Context<AppEnv>) => c.get('session').userId;
  app.get('/history', async (c) => answer(c, bulkApi.history, { runs: await engine.history(userId(c)) }));
  app.get('/history/:id', async (c) =>
    answer(c, bulkApi.historyRun, await engine.historyRun(callerOf(c), c.req.param('id'))),
  );
  // Not called by the SPA (it reads every administrator's runs from /history): kept for API clients.
  app.get('/runs', async (c) => answer(c, bulkApi.history, { runs: await engine.list(userId(c)) }));
  app.post('/runs', jsonBody(bulkApi.start.body), async (c) => {
    const req = c.req.valid('json');
    return answer(c, bulkApi.start, await engine.start(callerOf(c), req.previewId, req.confirmation));
  });
  app.get('/runs/:id', async (c) => answer(c, bulkApi.historyRun, await engine.get(callerOf(c), c.req.param('id'))));
  app.post('/runs/:id/pause', async (c) => answer(c, bulkApi.pause, await engine.pause(userId(c), c.req.param('id'))));
  app.post('/runs/:id/resume', async (c) =>
    answer(c, bulkApi.resume, await engine.resume(userId(c), c.req.param('id'))),
  );
  app.post('/runs/:id/cancel', async (c) =>
    answer(c, bulkApi.cancel, await engine.cancel(userId(c), c.req.param('id'))),
  );
  app.post('/runs/:id/undo-preview', async (c) =>
    answer(c, bulkApi.undoPreview, await engine.undoPreview(callerOf(c), c.req.param('id'))),
  );
  app.post('/runs/:id/undo', jsonBody(bulkApi.undo.body), async (c) => {
    const req = c.req.valid('json');
    // The preview must be this run's undo preview (and the run the caller's).
    const run = await engine.get(callerOf(c), c.req.param('id'));
    return answer(c, bulkApi.undo, await engine.startUndo(callerOf(c), run.id, req.previewId, req.confirmation));
  });

  app.onError((error, c) => {
    if (error instanceof BulkError) return c.json(errorEnvelope(error.code, error.message), error.status);
    if (error instanceof UpstreamRefusal) return c.json(error.envelope, error.status as Status);
    throw error;
  });
  return app;
}
