import { z } from 'zod';
import { bffErrorCodes } from '../svc/error-codes';
import { PROXY_PROCEDURE_NAMES, type ProxyProcedureName } from './procedures';

/**
 * Browser ↔ BFF for the proxy area. One call per procedure, in plain JSON (the BFF speaks superjson
 * upstream and hands the browser ordinary JSON, dates as ISO text):
 *
 * * query:    `GET  /bff/proxy/{procedure}?input=<JSON>` (no `input` when the procedure takes none)
 * * mutation: `POST /bff/proxy/{procedure}` with the input as the JSON body
 * * batch:    `POST /bff/proxy/batch` `{calls: [{procedure, input?}]}` → `{results: [...]}` in call order,
 *   200 when every call succeeded, 207 otherwise; the BFF sends the calls upstream as one batch request.
 *
 * Success answers carry the procedure's output as the body; failures the console's error envelope
 * `{result: 'error', code, msg, field?, scope?, issues?}`.
 */
export const PROXY_PREFIX = '/bff/proxy';
export const PROXY_BATCH_PATH = `${PROXY_PREFIX}/batch`;
export const MAX_BATCH_CALLS = 10;

export function proxyPath(procedure: ProxyProcedureName): string {
  return `${PROXY_PREFIX}/${procedure}`;
}

/**
 * The codes of the proxy area's failures (entries of the one table, bffErrorCodes); the dashboard's own tRPC codes
 * (CONFLICT, NOT_FOUND, …) pass as they are.
 */
export const proxyErrorCodes = {
  /** The signed-in user is not an owner or administrator of the chat organization. */
  forbidden: bffErrorCodes.proxyForbidden,
  /** The console has no dashboard configured (PROXY_URL / PROXY_API_KEY). */
  notConfigured: bffErrorCodes.proxyNotConfigured,
  /** The dashboard answered 401: the key is invalid, expired, revoked or lacks the scope. */
  keyRejected: bffErrorCodes.proxyKeyRejected,
  /** The dashboard failed on its side (500 and the like). */
  upstreamError: bffErrorCodes.proxyUpstreamError,
  /** Not a procedure of the table, or with the wrong method. */
  unknownProcedure: bffErrorCodes.unknownOperation,
  methodNotAllowed: bffErrorCodes.methodNotAllowed,
  invalidParams: bffErrorCodes.invalidParams,
  unavailable: bffErrorCodes.upstreamUnavailable,
  invalidResponse: bffErrorCodes.upstreamInvalid,
} as const;

/**
 * Why the proxy area is empty on a console without a dashboard, and how to give it one. The same words in the
 * BFF's refusal and on the page, so an operator reading either finds the variables to set.
 */
export const PROXY_NOT_CONFIGURED_HEADLINE = 'No proxy dashboard is configured for this console.';
export const PROXY_NOT_CONFIGURED_HOWTO =
  "Set PROXY_URL (the dashboard's base URL) and PROXY_API_KEY (an API key created in the dashboard under " +
  'Settings → API Keys), and PROXY_RPC_PATH when the dashboard serves its API elsewhere than /api/trpc; then ' +
  'restart the console.';
export const PROXY_NOT_CONFIGURED_TEXT = `${PROXY_NOT_CONFIGURED_HEADLINE} ${PROXY_NOT_CONFIGURED_HOWTO}`;

/** The headline of the key-rejected banner and message. */
export const KEY_REJECTED_TEXT = 'Proxy API key rejected or missing the needed scope';

export const proxyErrorSchema = z.looseObject({
  result: z.literal('error'),
  code: z.string(),
  msg: z.string(),
  /** The input field the failure concerns, as a form path (`domain`, `upstreams.0.address`). */
  field: z.string().nullish(),
  /** The scope named by the dashboard's refusal, when it names one. */
  scope: z.string().nullish(),
  issues: z.array(z.object({ field: z.string().nullable(), message: z.string() })).optional(),
});
export type ProxyErrorEnvelope = z.infer<typeof proxyErrorSchema>;

export const batchRequestSchema = z.object({
  calls: z
    .array(
      z.object({ procedure: z.enum(PROXY_PROCEDURE_NAMES as [ProxyProcedureName]), input: z.unknown().optional() }),
    )
    .min(1, 'Send at least one call.')
    .max(MAX_BATCH_CALLS, `At most ${MAX_BATCH_CALLS} calls per batch.`),
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

export type BatchResult = { ok: true; data: unknown } | { ok: false; status: number; error: ProxyErrorEnvelope };
export const batchResponseSchema = z.object({
  results: z.array(
    z.union([
      z.object({ ok: z.literal(true), data: z.unknown() }),
      z.object({ ok: z.literal(false), status: z.number(), error: proxyErrorSchema }),
    ]),
  ),
});
