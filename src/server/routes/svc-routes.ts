import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { SVC_PREFIX } from '../../shared/bff/protocol';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import { matchOperation, operationFor } from '../../shared/svc/match';
import { checkParams } from '../../shared/svc/params';
import { decodeParams, usesQueryString } from '../../shared/svc/wire';
import type { AppEnv, BffDeps } from '../app-types';
import {
  auditUnavailable,
  beginAudit,
  createdIdOf,
  INTERNAL_ERROR_RESULT,
  lookupChannelName,
  lookupUserName,
  svcTarget,
  type AuditHandle,
} from '../audit';
import type { Config } from '../config';
import { requireSession } from '../middleware/require-session';
import { endDeadSession } from '../session-end';
import { SvcReadAnswers } from './svc-read-answers';
import { checkUpload } from './upload-check';
import { paramsForServer } from './param-levels';
import { UpstreamRefusal } from '../upstreams/svc-upstream';
import { auditResultOfReadBack, expectedUserStateOf, mayHaveReachedServer, readBackUser } from '../upstreams/read-back';
import type { Session } from '../session-store';
import { describeSvcChange } from '../../shared/labels';
import type { SvcOperation } from '../../shared/svc/op';

const UPSTREAM_JSON = { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' };

type Status = 400 | 401 | 403 | 404 | 409 | 415 | 429 | 500 | 502;

async function rawParams(c: Context, url: URL): Promise<[string, string][] | null> {
  if (usesQueryString(c.req.method as 'GET')) return [...url.searchParams];
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (!text) return [];
  if (!type.startsWith('application/x-www-form-urlencoded')) return null;
  return [...new URLSearchParams(text)];
}

/**
 * A change whose answer was lost may have been made: the audit says `unknown`, and where the console can
 * read the effect back (a user's deactivation, reactivation or role) it says what the read-back showed,
 * and so does the answer to the browser (success when the change is there).
 */
async function lostAnswer(
  c: Context,
  deps: BffDeps,
  audit: AuditHandle,
  opId: string,
  params: Record<string, unknown>,
  session: Session,
  lost: UpstreamRefusal,
  targetName: string | null,
): Promise<Response> {
  const readable = expectedUserStateOf(opId, params);
  const readBack = readable
    ? await readBackUser(
        deps.svc,
        { email: session.apiEmail, apiKey: session.apiKey },
        readable.userId,
        readable.expected,
      )
    : 'unreadable';
  await audit.finish(auditResultOfReadBack(readBack, lost), targetName);
  if (readBack === 'confirmed') return c.json({ result: 'success', msg: '' }, 200);
  const msg =
    readBack === 'not_applied'
      ? "The chat server's answer was lost; reading the user back shows the change was not made. Try again."
      : `${lost.envelope.msg} The change may or may not have been made: check before trying again.`;
  return c.json({ ...lost.envelope, msg }, lost.status as Status);
}

/**
 * A mutation's audit entry, begun before the change goes upstream, and its target's name (looked up now: after a
 * rename, an archive or a removal the old name is gone). Reads and changes that change nothing have none.
 */
async function startAudit(
  c: Context<AppEnv>,
  deps: BffDeps,
  op: SvcOperation,
  params: Record<string, unknown>,
  session: Session,
): Promise<Response | { audit: AuditHandle | null; targetName: Promise<string | null> }> {
  if (op.method === 'GET' || op.changesNothing) return { audit: null, targetName: Promise.resolve(null) };
  const target = svcTarget(op.id, params, session);
  const audit = await beginAudit(c, deps, { area: 'chat', operation: op.id, target, params });
  if (!audit) return auditUnavailable(c);
  let targetName: Promise<string | null> = Promise.resolve(null);
  if (target?.type === 'user' && target.id !== null && target.name === null) {
    targetName = lookupUserName(deps, session, Number(target.id));
  } else if (target?.type === 'channel' && target.id !== null && target.name === null) {
    targetName = Promise.resolve(await lookupChannelName(deps, session, Number(target.id)));
  } else if (target?.type === 'playground' && target.id !== null && target.name === null) {
    // The server lists playgrounds only in the register state.
    const playground = deps.hub.registerState(session.id)?.playgrounds?.find((p) => String(p.id) === target.id);
    targetName = Promise.resolve(playground?.name ?? null);
  }
  return { audit, targetName };
}

/**
 * `/bff/svc/*`: the browser's only way to the chat service. Only catalogued, browser-exposed operations
 * pass; parameters are checked with the catalog's schema before anything goes upstream; the user's own
 * credentials are added here and never leave the BFF.
 */
export function svcRoutes(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();
  const readAnswers = new SvcReadAnswers();

  app.use('*', requireSession(config, deps));

  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.slice(SVC_PREFIX.length) || '/';
    const match = matchOperation(c.req.method, path);
    if (!match || match.op.exposure !== 'browser') {
      return c.json(
        errorEnvelope(bffErrorCodes.unknownOperation, `${c.req.method} ${path} is not an operation the console uses.`),
        404,
      );
    }
    const raw = await rawParams(c, url);
    if (raw === null) {
      return c.json(errorEnvelope(bffErrorCodes.invalidParams, 'Send parameters as a URL-encoded form body.'), 415);
    }
    const op = operationFor(
      match,
      raw.map(([name]) => name),
    );
    const { pathParams } = match;
    const { values } = decodeParams(op.params.shape as Record<string, z.ZodType>, raw);
    // A file must also be the image it says it is, before anything is recorded or sent.
    const checked = checkUpload(op, checkParams(op, { ...values, ...pathParams }));
    if (!checked.ok) {
      return c.json(errorEnvelope(bffErrorCodes.invalidParams, checked.msg, { field: checked.field ?? null }), 400);
    }
    const spelled = await paramsForServer(deps, op, checked.data);
    if (!spelled.ok) return c.json(spelled.refusal.envelope, spelled.refusal.status);
    const session = c.get('session');
    // Mutations are recorded before they go upstream; no audit entry, no action.
    const started = await startAudit(c, deps, op, checked.data as Record<string, unknown>, session);
    if (started instanceof Response) return started;
    const { audit, targetName } = started;
    // A read while the session's event queue registers waits for it (bounded): one made before the queue starts
    // may miss a change, and is named to the tabs, which read it again (EventHub.beforeRead).
    if (op.method === 'GET') await deps.hub.beforeRead(session, op.id);
    const answer = readAnswers.start(c.req.header('accept-encoding'));
    try {
      const upstream = await deps.svc.send(
        op,
        spelled.params,
        { email: session.apiEmail, apiKey: session.apiKey },
        audit ? undefined : { beforeCheck: answer.beforeCheck },
      );
      const label = audit ? describeSvcChange(op.id, checked.data as Record<string, unknown>) : null;
      await audit?.finish(
        label ? { outcome: 'success', note: label } : { outcome: 'success' },
        await targetName,
        audit ? createdIdOf(op.id, upstream.text) : null,
      );
      // A mutation's response also carries what the audit set on the context (x-request-id); a read has
      // nothing else to carry and takes the cheaper prebuilt response.
      if (audit) return c.body(upstream.bytes, upstream.status as 200, UPSTREAM_JSON);
      return answer.respond(upstream);
    } catch (error) {
      answer.discard();
      if (audit && error instanceof UpstreamRefusal && mayHaveReachedServer(error)) {
        return lostAnswer(c, deps, audit, op.id, checked.data, session, error, await targetName);
      }
      await audit?.finish(
        error instanceof UpstreamRefusal
          ? { outcome: 'error', code: error.envelope.code, msg: error.envelope.msg }
          : INTERNAL_ERROR_RESULT,
        await targetName,
      );
      if (!(error instanceof UpstreamRefusal)) throw error;
      if (await endDeadSession(c, config, deps, session, error)) {
        return c.json(errorEnvelope(bffErrorCodes.sessionExpired, error.envelope.msg), 401);
      }
      return c.json(error.envelope, error.status as Status);
    }
  });

  return app;
}
