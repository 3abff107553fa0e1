import { Hono } from 'hono';
import { authenticate } from './auth';
import type { SvcSimControl } from './control';
import { mountControlApi } from './control-api';
import { DROP_CONNECTION_HEADER, endpointDoesNotExist, injectedFailure, SvcError } from './errors';
import type { SimCore } from './handler';
import { allHandlers } from './handlers';
import { parseParams, reportsIgnoredParameters, UNREPORTING_ENDPOINTS } from './params';
import { requireAdmin } from './permissions';
import { createRouter } from './router';
import { emojiImage } from './handlers/realm-emoji';
import { exportFile } from './handlers/organization-data';
import { avatarSvg, REALM_ICON_SVG } from './static-assets';
import type { SimUser } from './store';

const API_PREFIX = '/api/v1';

const route = createRouter(allHandlers);

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function errorResponse(error: SvcError): Response {
  return json(error.toEnvelope(), error.status, error.headers);
}

/** The API path after `/api/v1`, wherever the simulator is mounted; null when it is not an API path. */
function apiPath(pathname: string): string | null {
  const at = pathname.indexOf(`${API_PREFIX}/`);
  if (at >= 0) return pathname.slice(at + API_PREFIX.length);
  return pathname.endsWith(API_PREFIX) ? '/' : null;
}

/** Query string for GET; for other methods the form body, with query parameters as a fallback. */
async function rawParams(request: Request, url: URL, files: File[] = []): Promise<[string, string][]> {
  const fromQuery = [...url.searchParams.entries()];
  if (request.method === 'GET') return fromQuery;
  const type = request.headers.get('content-type') ?? '';
  let fromBody: [string, string][] = [];
  if (type.includes('multipart/form-data')) {
    const form = await request.formData();
    fromBody = [...form.entries()].flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []));
    for (const value of form.values()) if (typeof value !== 'string') files.push(value);
  } else {
    const text = await request.text();
    // Form-encoded is the documented body; a body sent without a content type is read the same way.
    if (text && !type.includes('application/json')) fromBody = [...new URLSearchParams(text).entries()];
  }
  const inBody = new Set(fromBody.map(([k]) => k));
  return [...fromQuery.filter(([k]) => !inBody.has(k)), ...fromBody];
}

async function handleApi(core: SimCore, request: Request, url: URL, path: string): Promise<Response> {
  const { control, store } = core;
  if (control.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, control.latencyMs));
  await control.registerHold.gate(request.method, path);
  const failure = control.takeFailure(request.method, path);
  const drop = () => new Response(null, { status: 599, headers: { [DROP_CONNECTION_HEADER]: '1' } });
  if (failure?.mode === 'envelope') return errorResponse(injectedFailure(failure.status));
  if (failure?.mode === 'reset') return drop();
  if (failure?.mode === 'malformed') {
    return new Response('{"result": "success", "msg": "", "mem', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }

  const level = store.featureLevel;
  const { handler, pathParams } = route(request.method, path, level);

  let me: SimUser | null = null;
  if (handler.endpoint.auth !== 'none') {
    me = authenticate(store, request.headers.get('authorization'));
    if (handler.adminBeforeParams) requireAdmin(me, handler.adminError);
  }
  const files: File[] = [];
  const raw = await rawParams(request, url, files);
  const parsed = parseParams(handler.endpoint, raw, pathParams, level, core.settings.ignoredParameters);
  const result = await handler.run(core, me, parsed.values, { signal: request.signal, files });
  if (failure?.mode === 'lost') return drop();
  const reports =
    reportsIgnoredParameters(level) &&
    !UNREPORTING_ENDPOINTS.has(`${handler.endpoint.method} ${handler.endpoint.path}`);
  const ignored = reports && parsed.ignored.length ? parsed.ignored : undefined;
  return json(
    { result: 'success', msg: '', ...result, ...(ignored ? { ignored_parameters_unsupported: ignored } : {}) },
    200,
  );
}

export interface SvcAppOptions {
  /** Mounts the `/__sim/…` HTTP control API over this control surface; without it those paths 404. */
  controlApi?: SvcSimControl;
}

/**
 * The simulator's HTTP surface: the API under `{anything}/api/v1/…`, plus the realm icon and avatar
 * images its records point at.
 */
export function createSvcApp(core: SimCore, options: SvcAppOptions = {}): Hono {
  const app = new Hono();
  if (options.controlApi) mountControlApi(app, options.controlApi);

  app.get('/static/realm-icon.svg', (c) =>
    c.body(REALM_ICON_SVG, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' }),
  );

  app.get('/user_avatars/:realm/emoji/images/:file', (c) => {
    const image = emojiImage(core.store, c.req.param('file'));
    if (!image) return c.text('Not found', 404);
    return c.body(image.bytes.slice().buffer, 200, { 'content-type': image.type });
  });

  // A finished data export's file: like the server's own uploads, served to whoever has its (unguessable) URL.
  app.get('/user_avatars/exports/*', (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/user_avatars\//, '');
    const file = exportFile(core.store, path);
    if (!file) return c.text('Not found', 404);
    return c.body(file.slice().buffer, 200, {
      'content-type': 'application/gzip',
      'content-disposition': `attachment; filename="${path.split('/').pop()}"`,
    });
  });

  app.get('/user_avatars/:realm/:file', (c) => {
    const match = /^(\d+)\.svg$/.exec(c.req.param('file'));
    const user = match ? core.store.user(Number(match[1])) : undefined;
    if (!user) return c.text('Not found', 404);
    return c.body(avatarSvg(user.user_id, user.fullName), 200, { 'content-type': 'image/svg+xml' });
  });

  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const path = apiPath(url.pathname);
    try {
      if (path === null) throw endpointDoesNotExist();
      return await handleApi(core, c.req.raw, url, path);
    } catch (error) {
      if (error instanceof SvcError) return errorResponse(error);
      throw error;
    }
  });

  app.onError((error) => {
    // A bug in the simulator should look like a server error to the console, and be visible in the logs.
    console.error('[svc-sim]', error);
    return json({ result: 'error', code: 'INTERNAL_SERVER_ERROR', msg: 'Internal server error' }, 500);
  });

  return app;
}
