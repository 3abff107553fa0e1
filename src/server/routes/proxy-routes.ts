import { Hono, type Context } from 'hono';
import {
  isProxyProcedure,
  PROXY_NOT_CONFIGURED_TEXT,
  proxyErrorCodes,
  proxyProcedures,
  summarizeReport,
  type BatchResult,
  type ProxyProcedureName,
} from '../../shared/proxy';
import { errorEnvelope } from '../../shared/svc/envelope';
import type { AuditTarget } from '../../shared/bff/audit';
import { proxyApi } from '../../shared/bff/proxy-api';
import type { AppEnv, BffDeps } from '../app-types';
import { auditUnavailable, beginAudit, recordAudit } from '../audit';
import { isWriteProcedure, verifiedWrite } from '../upstreams/proxy-verify';
import type { Config } from '../config';
import type { ProxyCallResult, ProxyUpstream } from '../upstreams/proxy-upstream';
import { readJsonBody } from '../middleware/json-body';
import { requireAdmin } from '../middleware/require-admin';
import { exposureCheck } from './proxy-exposure';
import { answer } from './route-answer';

type Checked = { ok: true; input: unknown } | { ok: false; result: ProxyCallResult };

/** The input checked with the table's schema before anything goes upstream. */
function checkInput(procedure: ProxyProcedureName, raw: unknown): Checked {
  const parsed = proxyProcedures[procedure].input.safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0];
  const path = (issue?.path ?? []).map(String);
  if (path[0] === 'patch') path.shift();
  return {
    ok: false,
    result: {
      ok: false,
      status: 400,
      error: {
        result: 'error',
        code: proxyErrorCodes.invalidParams,
        msg: issue?.message ?? 'Invalid input.',
        field: path.length > 0 ? path.join('.') : null,
      },
    },
  };
}

function invalid(msg: string): ProxyCallResult {
  return { ok: false, status: 400, error: { result: 'error', code: proxyErrorCodes.invalidParams, msg } };
}

/** The route a change is about: its id (update, delete) and/or its name and domain (create). */
function routeTarget(input: Record<string, unknown>): AuditTarget {
  const patch = (typeof input.patch === 'object' && input.patch !== null ? input.patch : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
  const name = text(input.domain) ?? text(patch.domain) ?? text(input.name) ?? text(patch.name);
  return { type: 'route', id: text(input.id), name };
}

function send(c: Context, result: ProxyCallResult): Response {
  c.header('cache-control', 'no-store');
  return result.ok ? c.json(result.data as object, 200) : c.json(result.error, result.status);
}

/** A query's `input` parameter, or a mutation's JSON body. */
async function readInput(
  c: Context<AppEnv>,
  method: 'GET' | 'POST',
): Promise<{ ok: true; value: unknown } | { ok: false; result: ProxyCallResult }> {
  if (method === 'POST') {
    const body = await readJsonBody(c, { requireJsonType: true });
    return body.ok ? body : { ok: false, result: invalid('Send the input as a JSON body.') };
  }
  // Only `input` is read; anything else on the URL (an `apiKey`, say) is ignored, never forwarded.
  const text = new URL(c.req.url).searchParams.get('input');
  try {
    return { ok: true, value: text === null ? undefined : (JSON.parse(text) as unknown) };
  } catch {
    return { ok: false, result: invalid('The input parameter is not valid JSON.') };
  }
}

/** A change, audited; a route write is read back and the audit says what the read-back showed. */
async function change(
  c: Context<AppEnv>,
  deps: BffDeps,
  proxy: ProxyUpstream,
  name: ProxyProcedureName,
  input: Record<string, unknown>,
): Promise<Response> {
  const start = { area: 'proxy', operation: `proxy.${name}`, target: routeTarget(input), params: input } as const;
  if (!isWriteProcedure(name)) {
    return recordAudit(c, deps, start, async () => send(c, await proxy.call(name, input)));
  }
  const handle = await beginAudit(c, deps, start);
  if (!handle) return auditUnavailable(c);
  const written = await verifiedWrite(proxy, name, input);
  if (!written.ok) {
    await handle.finish({ outcome: 'error', code: written.error.code, msg: written.error.msg });
    return send(c, written);
  }
  await handle.finish({ outcome: 'success', note: summarizeReport(written.report) });
  return send(c, { ok: true, data: { ...written.data, report: written.report } });
}

/**
 * `/bff/proxy/*`: the proxy dashboard, for owners and administrators of the chat organization only.
 * Only procedures of the table pass, with their input checked; the request is rebuilt from scratch by the
 * dashboard client, so the browser's cookies, Authorization header and query parameters never go upstream.
 */
export function proxyRoutes(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();

  // Decided here, before any call to the dashboard: its key acts for the whole console, so the role is the
  // chat server's current one, not the one captured at sign-in.
  app.use(
    '*',
    ...requireAdmin(config, deps, {
      code: proxyErrorCodes.forbidden,
      msg: 'Only owners and administrators of the organization may manage proxy routes.',
    }),
  );
  const proxy = deps.proxy;
  if (!proxy) {
    // A configuration state, not an outage: 404 (there is no dashboard behind this address), never a 5xx that
    // monitoring would count. The navigation already says so from the session info.
    app.all('*', (c) => c.json(errorEnvelope(proxyErrorCodes.notConfigured, PROXY_NOT_CONFIGURED_TEXT), 404));
    return app;
  }
  const exposure = exposureCheck(proxy, deps.now);

  // Batches are for reading: every change goes through its own audited call below.
  const batch = async (c: Context<AppEnv>) => {
    const body = await readJsonBody(c, { requireJsonType: true });
    if (!body.ok) return send(c, invalid('Send the batch as a JSON body.'));
    const parsed = proxyApi.batch.body.safeParse(body.value);
    if (!parsed.success) return send(c, invalid(parsed.error.issues[0]?.message ?? 'Invalid batch.'));
    const mutation = parsed.data.calls.find(({ procedure }) => proxyProcedures[procedure].kind === 'mutation');
    if (mutation) return send(c, invalid(`${mutation.procedure} is a change; send it on its own, not in a batch.`));
    // All calls start in the same tick, so the batch link sends them upstream as one request.
    const results = await Promise.all(
      parsed.data.calls.map(async ({ procedure, input }): Promise<BatchResult> => {
        const checked = checkInput(procedure, input);
        const result = checked.ok ? await proxy.call(procedure, checked.input) : checked.result;
        return result.ok ? result : { ok: false, status: result.status, error: result.error };
      }),
    );
    c.header('cache-control', 'no-store');
    return answer(c, proxyApi.batch, { results }, results.every((r) => r.ok) ? 200 : 207);
  };

  // One route, `batch` included: a static `POST /batch` beside `ALL /:procedure` is a combination Hono's
  // fast RegExpRouter refuses, and every request of the console would then go through its slower TrieRouter.
  app.all('/:procedure', async (c) => {
    const name = c.req.param('procedure');
    if (name === 'batch') {
      if (c.req.method === 'POST') return batch(c);
      c.header('allow', 'POST');
      return c.json(errorEnvelope(proxyErrorCodes.methodNotAllowed, 'batch is called with POST.'), 405);
    }
    if (name === 'exposure') {
      if (c.req.method !== 'GET') {
        c.header('allow', 'GET');
        return c.json(errorEnvelope(proxyErrorCodes.methodNotAllowed, 'exposure is read with GET.'), 405);
      }
      c.header('cache-control', 'no-store');
      return answer(c, proxyApi.exposure, await exposure());
    }
    if (!isProxyProcedure(name)) {
      return c.json(
        errorEnvelope(proxyErrorCodes.unknownProcedure, `${name} is not a proxy procedure the console uses.`),
        404,
      );
    }
    const def = proxyProcedures[name];
    const method = def.kind === 'query' ? 'GET' : 'POST';
    if (c.req.method !== method) {
      c.header('allow', method);
      return c.json(errorEnvelope(proxyErrorCodes.methodNotAllowed, `${name} is called with ${method}.`), 405);
    }
    const raw = await readInput(c, method);
    if (!raw.ok) return send(c, raw.result);
    const checked = checkInput(name, raw.value);
    if (!checked.ok) return send(c, checked.result);
    if (def.kind === 'query') return send(c, await proxy.call(name, checked.input));
    return change(c, deps, proxy, name, (checked.input ?? {}) as Record<string, unknown>);
  });

  return app;
}
