import type { z } from 'zod';
import type { SvcOperation } from '../../shared/svc';
import type { SimControl } from './control';
import type { EventQueues } from './event-queues';
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
  op: SvcOperation;
  /**
   * The server checks "administrators only" before reading parameters on these endpoints (a decorator),
   * so a member gets the permission error even for a malformed request.
   */
  adminBeforeParams: boolean;
  /** The refusal that check gives, where an endpoint words it differently from the usual one. */
  adminError?: () => Error;
  run(core: SimCore, me: SimUser | null, params: Record<string, unknown>, request: RequestInfo): HandlerOutcome;
}

type Params<O extends SvcOperation> = z.output<O['params']>;

export function publicHandler<O extends SvcOperation>(
  op: O,
  handle: (ctx: PublicContext<Params<O>>) => HandlerOutcome,
): RegisteredHandler {
  return {
    op,
    adminBeforeParams: false,
    // The values were produced by parsing this operation's own field schemas.
    run: (core, _me, params, request) => handle({ core, params: params as Params<O>, request }),
  };
}

export function userHandler<O extends SvcOperation>(
  op: O,
  handle: (ctx: UserContext<Params<O>>) => HandlerOutcome,
  options: { adminBeforeParams?: boolean; adminError?: () => Error } = {},
): RegisteredHandler {
  return {
    op,
    adminBeforeParams: options.adminBeforeParams ?? false,
    ...(options.adminError ? { adminError: options.adminError } : {}),
    run: (core, me, params, request) => {
      if (!me) throw new Error(`${op.id} requires an authenticated caller`);
      return handle({ core, me, params: params as Params<O>, request });
    },
  };
}
