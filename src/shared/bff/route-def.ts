/**
 * How a BFF route of the console's own is described, once, for both ends: its method, its path (`:name`
 * segments are its parameters), the body and query it takes and the answer it gives. The SPA calls it with
 * `bffCall(route, …)` (src/client/bff-fetch.ts), typed from the description; the BFF answers it with
 * `answer(c, route, value)` (src/server/routes/route-answer.ts), so a handler that drifts from the description
 * fails typecheck. Kept free of zod at runtime (types only): the sign-in page's routes are described here too,
 * and that page leaves the schema library out of its bundle.
 */
import type { z } from 'zod';

export type BffMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * A type the SPA takes without a schema, for answers a parse would cost too much for (the sign-in page's bundle,
 * a list of 10,000 people the BFF has just checked against the catalog). The BFF's handler is still held to it.
 */
export interface Typed<T> {
  readonly typed: true;
  /** Never set: carries the type only. */
  readonly type?: T;
}

/** Builds a `Typed<T>`: `answer: typed<SessionInfo>()`. */
export const typed = <T>(): Typed<T> => ({ typed: true });

export type AnswerSpec = z.ZodType | Typed<unknown>;
export type BodySpec = z.ZodType | Typed<unknown>;

export interface BffRoute {
  readonly method: BffMethod;
  /** The path, with `:name` segments for its parameters, as Hono spells them. */
  readonly path: string;
  /** The answer: parsed by this schema in the SPA, or a `typed` answer (see its note). */
  readonly answer: AnswerSpec;
  /** The JSON body, when the route takes one. */
  readonly body?: BodySpec;
  /** The query parameters, when the route takes some (their names; the values go as text). */
  readonly query?: z.ZodType | Typed<Record<string, unknown>>;
}

/** Describes one route, keeping its literal path (for the parameter names) and its schemas' types. */
export const bffRoute = <const R extends BffRoute>(route: R): R => route;

type SpecOutput<S> = S extends z.ZodType ? z.output<S> : S extends Typed<infer T> ? T : never;
type SpecInput<S> = S extends z.ZodType ? z.input<S> : S extends Typed<infer T> ? T : never;

/** What the SPA gets from the route. */
export type AnswerOf<R extends BffRoute> = SpecOutput<R['answer']>;
/** What the BFF's handler must answer with (the schema's input: the SPA's parse turns it into `AnswerOf`). */
export type AnswerInputOf<R extends BffRoute> = SpecInput<R['answer']>;
export type BodyOf<R extends BffRoute> = SpecInput<R['body']>;
export type QueryOf<R extends BffRoute> = {
  [K in keyof SpecInput<R['query']>]?: string | number | boolean | null | undefined;
};

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type ParamsOf<R extends BffRoute> = Record<ParamNames<R['path']>, string | number>;

/** The route's path with its parameters filled in (each encoded as one path segment). */
export function routePath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` from the defined values, in their order; empty when there are none. */
export function routeQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Whether the SPA reads the answer through a schema (else it is `typed`). */
export function hasSchema(spec: AnswerSpec): spec is z.ZodType {
  return !('typed' in spec);
}
