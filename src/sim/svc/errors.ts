/** A refusal with the server's exact code, message and HTTP status; handlers throw it, the app renders it. */
export class SvcError extends Error {
  constructor(
    readonly code: string,
    msg: string,
    readonly status = 400,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(msg);
  }

  /** The server's error body: `result`, `msg`, `code`, then any fields of this refusal. */
  toEnvelope(): Record<string, unknown> {
    return { result: 'error', msg: this.message, code: this.code, ...this.extra };
  }
}

export const badRequest = (msg: string) => new SvcError('BAD_REQUEST', msg);

/** A known path asked with another method: the server's answer names the allowed ones and has no `code`. */
export class MethodNotAllowedError extends SvcError {
  constructor(readonly allowedMethods: readonly string[]) {
    super('BAD_REQUEST', 'Method Not Allowed', 405);
  }

  override toEnvelope(): Record<string, unknown> {
    return { result: 'error', msg: this.message, allowed_methods: [...this.allowedMethods] };
  }
}

export const noSuchUser = () => badRequest('No such user');

export const endpointDoesNotExist = () => new SvcError('BAD_REQUEST', 'Endpoint does not exist.', 404);

export const mustBeAdmin = () => new SvcError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');

export const mustBeOwner = () => new SvcError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');

export const missingArgument = (name: string) =>
  new SvcError('REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, 400, { var_name: name });

/** An event queue that never existed, expired, was deleted or belongs to someone else. */
export const badEventQueueId = (queueId: string) =>
  new SvcError('BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, 400, { queue_id: queueId });

/** Marks a response the simulator's transports turn into a dropped connection (`failNext` modes reset/lost). */
export const DROP_CONNECTION_HEADER = 'x-sim-drop-connection';

/** What an in-process client of a dropped connection sees, like fetch's own network failure. */
export class SimConnectionDropped extends TypeError {
  constructor() {
    super('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
  }
}

/** What `failNext` answers with: the envelope real servers (or their proxies) send for that status. */
export function injectedFailure(status: number): SvcError {
  if (status === 429) {
    return new SvcError(
      'RATE_LIMIT_HIT',
      'API usage exceeded rate limit',
      429,
      { 'retry-after': 1 },
      { 'Retry-After': '1' },
    );
  }
  if (status >= 500) return new SvcError('INTERNAL_SERVER_ERROR', 'Internal server error', status);
  return new SvcError('BAD_REQUEST', 'Injected failure', status);
}
