import type { Context, MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import type { AuditActor, AuditEntry, AuditTarget } from '../shared/bff/audit';
import { svcOps } from '../shared/svc/catalog';
import { bffErrorCodes, errorEnvelope, isErrorEnvelope } from '../shared/svc/envelope';
import type { AppEnv, BffDeps } from './app-types';
import { redactParams } from './audit-params';
import { describeErrorForLog } from './log-line';
import type { Session } from './session-store';
import type { AuditResult } from './store/audit-log';

/**
 * The audit trail of every mutating operation through the BFF. The entry is written `pending` BEFORE the
 * action goes upstream and completed after it: when the store cannot take the entry, the action is refused
 * (503 AUDIT_UNAVAILABLE) instead of being done unrecorded.
 *
 * For another route (e.g. the proxy area), either wrap the forwarding call:
 *
 *   return recordAudit(c, deps, { area: 'proxy', operation: 'proxy.routes.update',
 *     target: { type: 'route', id: routeId, name: routeName }, params: input }, () => forward());
 *
 * or, when the outcome is not a plain HTTP response, use beginAudit() and `handle.finish(result)`.
 */

export { redactParams } from './audit-params';

export const AUDIT_UNAVAILABLE = bffErrorCodes.auditUnavailable;
const REQUEST_ID_HEADER = 'x-request-id';

export interface AuditStart {
  area: AuditEntry['area'];
  /** Catalog operation id, e.g. `deactivateUser`, or `proxy.<procedure>` for the proxy area. */
  operation: string;
  target: AuditTarget | null;
  /** The request's parameters as sent; redacted here before they are stored. */
  params: Record<string, unknown>;
  /** The session acting; defaults to the route's `session` variable. */
  session?: Session;
}

export interface AuditHandle {
  id: number;
  requestId: string;
  /**
   * Completes the entry; never throws (a failure is logged: the entry then stays `pending`). `createdId`: the id
   * the server answered for what a create made, the entry's target id from then on.
   */
  finish(result: AuditResult, targetName?: string | null, createdId?: string | null): Promise<void>;
}

/** 503 for an action that was not done because its audit entry could not be written. */
export function auditUnavailable(c: Context<AppEnv>) {
  return c.json(
    errorEnvelope(
      AUDIT_UNAVAILABLE,
      'The console cannot write its audit log right now, so it did not do this. Nothing was changed; try again in a moment.',
    ),
    503,
  );
}

/**
 * Marks whether an incoming X-Request-Id may be used: only behind a trusted proxy (TRUST_PROXY), which sets or
 * replaces it; otherwise any client could put an id of its choosing (another request's, say) into the audit.
 */
export function requestIdPolicy(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    c.set('trustRequestId', trustProxy);
    return next();
  };
}

/** The trusted proxy's request id when it sent a sane one, else a new one; echoed in the response. */
export function requestIdOf(c: Context<AppEnv>): string {
  const incoming = c.get('trustRequestId') ? c.req.header(REQUEST_ID_HEADER) : undefined;
  const id = incoming && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : randomUUID();
  c.header(REQUEST_ID_HEADER, id);
  return id;
}

export function actorOf(session: Pick<Session, 'userId' | 'apiEmail' | 'fullName' | 'role'>): AuditActor {
  return { userId: session.userId, email: session.apiEmail, name: session.fullName, role: session.role };
}

function id(value: unknown): string | null {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : null;
}

/** What a chat operation acts on, from its parameters (names where the request itself carries them). */
export function svcTarget(opId: string, p: Record<string, unknown>, session: Session): AuditTarget | null {
  const name = typeof p.name === 'string' ? p.name : null;
  const people = peopleAdminTarget(opId, p);
  if (people) return people;
  if (p.user_id !== undefined) return { type: 'user', id: id(p.user_id), name: null };
  if (p.user_group_id !== undefined) return { type: 'group', id: id(p.user_group_id), name };
  if (opId === 'createUserGroup') return { type: 'group', id: null, name };
  if (p.stream_id !== undefined && typeof p.topic_name === 'string') {
    return { type: 'topic', id: `${id(p.stream_id)}:${p.topic_name}`, name: p.topic_name };
  }
  if (p.stream_id !== undefined) return { type: 'channel', id: id(p.stream_id), name };
  if (p.channel_folder_id !== undefined || opId === 'createChannelFolder' || opId === 'reorderChannelFolders') {
    return { type: 'channel-folder', id: id(p.channel_folder_id), name };
  }
  if (opId === 'createChannel') return { type: 'channel', id: null, name };
  if (opId === 'subscribe' || opId === 'unsubscribe') {
    const subs = Array.isArray(p.subscriptions) ? p.subscriptions : [];
    const names = subs.map((s: unknown) => (typeof s === 'string' ? s : id((s as { name?: unknown } | null)?.name)));
    return { type: 'channel', id: null, name: names.filter(Boolean).join(', ') || null };
  }
  if (p.message_id !== undefined) return { type: 'message', id: id(p.message_id), name: null };
  if (p.filter_id !== undefined || opId === 'addLinkifier' || opId === 'reorderLinkifiers') {
    return { type: 'linkifier', id: id(p.filter_id), name: typeof p.pattern === 'string' ? p.pattern : null };
  }
  if (p.draft_id !== undefined || opId === 'createDrafts') return { type: 'draft', id: id(p.draft_id), name: null };
  if (p.saved_snippet_id !== undefined || opId === 'createSavedSnippet') {
    return { type: 'snippet', id: id(p.saved_snippet_id), name: typeof p.title === 'string' ? p.title : null };
  }
  if (p.attachment_id !== undefined) return { type: 'attachment', id: id(p.attachment_id), name: null };
  if (opId.startsWith('updateRealm')) return { type: 'realm', id: null, name: null };
  // Everything else under /users/me acts on the signed-in user.
  return { type: 'user', id: String(session.userId), name: session.fullName };
}

/** Where a create's answer names what it made, by operation: its target id, which no one knew before the call. */
const CREATED_ID_FIELDS: Readonly<Record<string, string>> = {
  addLinkifier: 'id',
  createChannel: 'id',
  createChannelFolder: 'channel_folder_id',
  createUserGroup: 'group_id',
  createDrafts: 'ids',
  createSavedSnippet: 'saved_snippet_id',
  createCustomProfileField: 'id',
  exportRealm: 'id',
  addCodePlayground: 'id',
  createUser: 'user_id',
};

/** The id (or ids, comma-separated) a create's success answer gives what it made; null for anything else. */
export function createdIdOf(opId: string, answerText: string): string | null {
  const field = CREATED_ID_FIELDS[opId];
  if (!field) return null;
  let body: unknown;
  try {
    body = JSON.parse(answerText);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const value: unknown = (body as Record<string, unknown>)[field];
  const ids = Array.isArray(value) ? value : [value];
  if (ids.length === 0 || !ids.every((v) => Number.isSafeInteger(v))) return null;
  return ids.join(',');
}

/** Invitations, profile fields, custom emoji, created users, data exports and code playgrounds. */
function peopleAdminTarget(opId: string, p: Record<string, unknown>): AuditTarget | null {
  const name = typeof p.name === 'string' ? p.name : null;
  if (p.invite_id !== undefined) return { type: 'invitation', id: id(p.invite_id), name: null };
  if (opId === 'sendInvites') {
    const emails = typeof p.invitee_emails === 'string' ? p.invitee_emails.replace(/\s+/g, ' ').trim() : null;
    return { type: 'invitation', id: null, name: emails };
  }
  if (opId === 'createInviteLink') return { type: 'invitation', id: null, name: 'invite link' };
  if (p.field_id !== undefined) return { type: 'profile_field', id: id(p.field_id), name };
  if (opId === 'createCustomProfileField' || opId === 'reorderCustomProfileFields') {
    return { type: 'profile_field', id: null, name };
  }
  if (p.emoji_name !== undefined) return { type: 'emoji', id: null, name: id(p.emoji_name) };
  if (p.export_id !== undefined || opId === 'exportRealm')
    return { type: 'data_export', id: id(p.export_id), name: null };
  if (p.playground_id !== undefined) return { type: 'playground', id: id(p.playground_id), name: null };
  if (opId === 'addCodePlayground') return { type: 'playground', id: null, name };
  if (opId === 'createUser') {
    return { type: 'user', id: null, name: typeof p.full_name === 'string' ? p.full_name : id(p.email) };
  }
  return null;
}

/** A user's display name from the chat server, best effort and quick (null when not known within 1.5 s). */
export async function lookupUserName(deps: BffDeps, session: Session, userId: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      deps.svc
        .call(
          svcOps.getUser,
          { user_id: userId },
          { email: session.apiEmail, apiKey: session.apiKey },
          { retry: false },
        )
        .then((r) => r.user.full_name),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 1_500))),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A channel's name from the chat server, best effort and quick (null when not known within 1.5 s). */
export async function lookupChannelName(deps: BffDeps, session: Session, streamId: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      deps.svc
        .call(
          svcOps.getChannel,
          { stream_id: streamId },
          { email: session.apiEmail, apiKey: session.apiKey },
          { retry: false },
        )
        .then((r) => r.stream.name),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 1_500))),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The longest target id kept: ids and session handles are far shorter, `channel:topic` pairs bounded below it. */
const MAX_TARGET_ID = 1_024;

/**
 * Every route checks its path segments against their type before it audits (an unknown or malformed one is a
 * 404 that stores nothing); this is the net behind them: a target id that is not short, printable text is a
 * bug, refused (500) before anything is written.
 */
function assertBoundedTarget(operation: string, target: AuditTarget | null): void {
  const id = target?.id;
  if (id === null || id === undefined) return;
  if (id.length <= MAX_TARGET_ID && !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(id)) return;
  throw new Error(`audit: ${operation} was given a target id that is not a bounded, printable id`);
}

/** Writes the pending entry; null when the store cannot take it (the caller answers auditUnavailable). */
export async function beginAudit(c: Context<AppEnv>, deps: BffDeps, start: AuditStart): Promise<AuditHandle | null> {
  assertBoundedTarget(start.operation, start.target);
  const session = start.session ?? c.get('session');
  const requestId = requestIdOf(c);
  let entryId: number;
  try {
    entryId = await deps.audit.begin({
      at: deps.now(),
      actor: actorOf(session),
      area: start.area,
      operation: start.operation,
      target: start.target,
      requestId,
      params: redactParams(start.params),
    });
  } catch (error) {
    deps.log('error', `audit: cannot record ${start.operation} (${describeErrorForLog(error)}); refused`);
    return null;
  }
  return {
    id: entryId,
    requestId,
    finish: async (result, targetName, createdId) => {
      try {
        await deps.audit.complete(entryId, result, deps.now(), targetName, createdId);
      } catch (error) {
        deps.log('error', `audit: entry ${entryId} (${start.operation}) stays pending: ${describeErrorForLog(error)}`);
      }
    },
  };
}

/** The outcome an HTTP answer stands for: 2xx/3xx success, else the error envelope's code and msg. */
export async function resultOfResponse(response: Response): Promise<AuditResult> {
  if (response.status < 400) return { outcome: 'success' };
  try {
    const body: unknown = await response.clone().json();
    if (isErrorEnvelope(body)) return { outcome: 'error', code: body.code, msg: body.msg };
  } catch {
    // Not JSON.
  }
  return { outcome: 'error', code: `HTTP_${response.status}`, msg: `Answered ${response.status}.` };
}

/**
 * Runs `action` only once its audit entry is written, then completes the entry from the response
 * (`result` overrides that when the caller knows better, e.g. an RPC batch answering 200 with errors inside).
 */
export async function recordAudit(
  c: Context<AppEnv>,
  deps: BffDeps,
  start: AuditStart,
  action: () => Promise<Response>,
  result: (response: Response) => Promise<AuditResult> = resultOfResponse,
): Promise<Response> {
  const handle = await beginAudit(c, deps, start);
  if (!handle) return auditUnavailable(c);
  let response: Response;
  try {
    response = await action();
  } catch (error) {
    await handle.finish(INTERNAL_ERROR_RESULT);
    throw error;
  }
  await handle.finish(await result(response));
  return response;
}

/** An action that threw: the entry says so without the error's text, which may quote a driver's query. */
export const INTERNAL_ERROR_RESULT = {
  outcome: 'error',
  code: bffErrorCodes.internal,
  msg: 'The console hit an unexpected error.',
} as const satisfies AuditResult;
