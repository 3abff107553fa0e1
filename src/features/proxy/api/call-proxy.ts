import { ApiError } from '../../../client/api-error';
import { bffCall } from '../../../client/bff-fetch';
import { proxyApi } from '../../../shared/bff/proxy-api';
import { proxyProcedures, type ProxyInput, type ProxyOutput, type ProxyProcedureName } from '../../../shared/proxy';
import { recordOutcome } from '../key-status';

/** One call's outcome inside a batch: the typed output, or the refusal as an ApiError. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/**
 * A procedure's answer through its output schema: the second read of it, after the BFF's (proxy-upstream.ts), and
 * on purpose. The BFF's read checks the dashboard's answer at the trust boundary and keeps what must not leave it
 * (`caddy.config` becomes a summary); it then sends plain JSON, in which dates are ISO text.
 * This read turns them back into the output type's `Date`s, which JSON cannot carry; the answers
 * are small (a dashboard's routes, certificates, traffic), unlike the chat server's lists that `svc()` types only.
 */
function parseOutput<P extends ProxyProcedureName>(procedure: P, data: unknown): ProxyOutput<P> {
  const parsed = proxyProcedures[procedure].output.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(502, {
      result: 'error',
      code: 'UPSTREAM_INVALID_RESPONSE',
      msg: 'The proxy dashboard sent an answer the console cannot read.',
    });
  }
  return parsed.data as ProxyOutput<P>;
}

/**
 * Calls one procedure through `/bff/proxy` (queries as GET `?input=`, mutations as a JSON POST) and notes
 * what it taught about the key's scopes. Throws ApiError like every BFF call.
 */
export async function callProxy<P extends ProxyProcedureName>(
  procedure: P,
  input: ProxyInput<P>,
  options: { signal?: AbortSignal } = {},
): Promise<ProxyOutput<P>> {
  const def = proxyProcedures[procedure];
  try {
    const params = { procedure };
    const { signal } = options;
    const body =
      def.kind === 'query'
        ? await bffCall(proxyApi.query, {
            params,
            query: { input: input === undefined ? undefined : JSON.stringify(input) },
            signal,
          })
        : await bffCall(proxyApi.mutation, { params, body: input ?? null, signal });
    const data = parseOutput(procedure, body);
    recordOutcome(procedure, null);
    return data;
  } catch (error) {
    if (error instanceof ApiError) recordOutcome(procedure, error);
    throw error;
  }
}

/** One call of a batch: a procedure, with its input when it takes one. */
export type BatchCall<P extends ProxyProcedureName = ProxyProcedureName> = P | { procedure: P; input: ProxyInput<P> };

type ProcedureOf<C> = C extends { procedure: infer P } ? P : C;

/**
 * Several queries in one round trip (`POST /bff/proxy/batch`; the BFF sends them upstream as one batch).
 * Each result stands alone: a refusal of one call does not fail the others.
 */
export async function callProxyBatch<const C extends readonly BatchCall[]>(
  calls: C,
  options: { signal?: AbortSignal } = {},
): Promise<{ [K in keyof C]: Outcome<ProxyOutput<ProcedureOf<C[K]> & ProxyProcedureName>> }> {
  const normalized = calls.map((call) => (typeof call === 'string' ? { procedure: call } : call));
  const { results } = await bffCall(proxyApi.batch, { body: { calls: normalized }, signal: options.signal });
  return normalized.map(({ procedure }, index) => {
    const result = results[index];
    if (!result) {
      const error = new ApiError(502, { result: 'error', code: 'UPSTREAM_INVALID_RESPONSE', msg: 'No answer.' });
      return { ok: false, error };
    }
    if (!result.ok) {
      const error = new ApiError(result.status, result.error);
      recordOutcome(procedure, error);
      return { ok: false, error };
    }
    try {
      const data = parseOutput(procedure, result.data);
      recordOutcome(procedure, null);
      return { ok: true, data };
    } catch (error) {
      return { ok: false, error: error as ApiError };
    }
    // Each element was read above through its own procedure's output schema; what `map` cannot express is the
    // per-position type of the tuple (it types the result as a plain array), which this names.
  }) as { [K in keyof C]: Outcome<ProxyOutput<ProcedureOf<C[K]> & ProxyProcedureName>> };
}
