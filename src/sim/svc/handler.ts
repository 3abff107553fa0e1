import type { SimControl } from './control';
import type { EventQueues } from './event-queues';
import type { ParamSpecs, ParamsOf } from './param-spec';
import type { SimUser, SvcStore } from './store';

/** What every handler can reach: the data, the knobs and the simulator's fixed settings. */
export interface SimCore {
  store: SvcStore;
  control: SimControl;
  queues: EventQueues;
  settings: {
    baseUrl: string;
    version: string;
    ignoredParameters: readonly string[];
    /** What `POST /register` tells clients to use as their `GET /events` timeout. */
    longpollTimeoutSeconds: number;
  };
}

export type SimMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the simulated server: its URL (relative to `/api/v1`, path parameters in braces), method and
 * parameters (path parameters included), as the simulator reads the server — not the console's catalog.
 */
export interface SimEndpoint<S extends ParamSpecs = ParamSpecs> {
  method: SimMethod;
  path: string;
  params: S;
  /** `none`: answered without credentials. */
  auth?: 'none' | 'user';
  /** The feature level that added the endpoint; older servers answer 404. */
  since?: number;
}

/** Declares an endpoint (an identity function that keeps the parameter types for the handler). */
export function endpoint<S extends ParamSpecs>(e: SimEndpoint<S>): SimEndpoint<S> {
  return e;
}

/** The request itself, for handlers that outlive a quick answer (long-polls end when the client hangs up). */
export interface RequestInfo {
  signal: AbortSignal | undefined;
  /** Files of a multipart body (uploads). */
  files?: readonly File[];
}

export interface PublicContext<P> {
  core: SimCore;
  params: P;
  request: RequestInfo;
}

export interface UserContext<P> extends PublicContext<P> {
  /** The authenticated caller. */
  me: SimUser;
}

/** Fields a handler adds to the success envelope. */
export type HandlerResult = Record<string, unknown>;

/** Most handlers answer at once; long-polls answer later. */
export type HandlerOutcome = HandlerResult | Promise<HandlerResult>;

export interface RegisteredHandler {
  endpoint: SimEndpoint;
  /**
   * The server checks "administrators only" before reading parameters on these endpoints (a decorator),
   * so a member gets the permission error even for a malformed request.
   */
  adminBeforeParams: boolean;
  /** The refusal that check gives, where an endpoint words it differently from the usual one. */
  adminError?: () => Error;
  run(core: SimCore, me: SimUser | null, params: Record<string, unknown>, request: RequestInfo): HandlerOutcome;
}

export function publicHandler<S extends ParamSpecs>(
  e: SimEndpoint<S>,
  handle: (ctx: PublicContext<ParamsOf<S>>) => HandlerOutcome,
): RegisteredHandler {
  return {
    endpoint: { ...e, auth: 'none' },
    adminBeforeParams: false,
    // The values were produced by decoding this endpoint's own parameter specs.
    run: (core, _me, params, request) => handle({ core, params: params as ParamsOf<S>, request }),
  };
}

export function userHandler<S extends ParamSpecs>(
  e: SimEndpoint<S>,
  handle: (ctx: UserContext<ParamsOf<S>>) => HandlerOutcome,
  options: { adminBeforeParams?: boolean; adminError?: () => Error } = {},
): RegisteredHandler {
  return {
    endpoint: { ...e, auth: 'user' },
    adminBeforeParams: options.adminBeforeParams ?? false,
    ...(options.adminError ? { adminError: options.adminError } : {}),
    run: (core, me, params, request) => {
      if (!me) throw new Error(`${e.method} ${e.path} requires an authenticated caller`);
      return handle({ core, me, params: params as ParamsOf<S>, request });
    },
  };
}
