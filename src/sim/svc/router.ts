import { badRequest, endpointDoesNotExist, MethodNotAllowedError, noSuchUser, SvcError } from './errors';
import type { RegisteredHandler } from './handler';
import { decodeParam } from './param-spec';

export interface RouteMatch {
  handler: RegisteredHandler;
  pathParams: Record<string, unknown>;
}

interface Route {
  handler: RegisteredHandler;
  segments: readonly string[];
  /** Path parameter names whose segment must be digits (JSON-typed integers). */
  numeric: ReadonlySet<string>;
}

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');
const paramName = (segment: string) => segment.slice(1, -1);

function toRoute(handler: RegisteredHandler): Route {
  const segments = handler.endpoint.path.split('/').filter(Boolean);
  const numeric = new Set(
    segments
      .filter(isParam)
      .map(paramName)
      .filter((name) => handler.endpoint.params[name]?.json === true),
  );
  return { handler, segments, numeric };
}

// Literal segments first (`/users/me`), then integer parameters before text ones, so that `/users/12` is a
// user ID and `/users/someone@example.com` an email, as in the server's URL table.
function rank(r: Route): [number, number] {
  // An earlier literal segment outranks any number of later ones.
  const literals = r.segments.reduce((n, s, i) => n + (isParam(s) ? 0 : 2 ** (r.segments.length - i)), 0);
  const texts = r.segments.filter((s) => isParam(s) && !r.numeric.has(paramName(s))).length;
  return [literals, -texts];
}

/** Path parameters that name a user answer "No such user" when they name nobody, like the server. */
const USER_PATH_PARAMS = new Set(['user_id', 'email']);

function match(r: Route, parts: readonly string[]): Record<string, string> | null {
  if (parts.length !== r.segments.length) return null;
  const raw: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = r.segments[i] as string;
    const part = parts[i] as string;
    if (!isParam(segment)) {
      if (segment !== part) return null;
      continue;
    }
    const name = paramName(segment);
    if (r.numeric.has(name) && !/^\d+$/.test(part)) return null;
    raw[name] = part;
  }
  return raw;
}

/** The simulator's URL table, built from its own handlers' endpoints. */
export function createRouter(handlers: readonly RegisteredHandler[]) {
  const routes = handlers.map(toRoute).sort((a, b) => {
    const [la, ta] = rank(a);
    const [lb, tb] = rank(b);
    return lb - la || tb - ta;
  });

  /**
   * Finds the endpoint for a request path (relative to `/api/v1`): unknown path or an endpoint newer than the
   * server's level → 404; known path with another method → 405.
   */
  return function route(method: string, path: string, level: number): RouteMatch {
    const parts = path
      .split('/')
      .filter(Boolean)
      .map((p) => {
        try {
          return decodeURIComponent(p);
        } catch {
          return p;
        }
      });
    const allowed: string[] = [];
    for (const r of routes) {
      const raw = match(r, parts);
      if (!raw) continue;
      const { endpoint } = r.handler;
      if (endpoint.method !== method) {
        if (!allowed.includes(endpoint.method)) allowed.push(endpoint.method);
        continue;
      }
      if (endpoint.since !== undefined && level < endpoint.since) throw endpointDoesNotExist();
      const pathParams: Record<string, unknown> = {};
      for (const [name, text] of Object.entries(raw)) {
        const spec = endpoint.params[name];
        try {
          pathParams[name] = spec ? decodeParam(spec, name, text) : text;
        } catch (error) {
          if (USER_PATH_PARAMS.has(name)) throw noSuchUser();
          throw error instanceof SvcError ? error : badRequest(`Invalid ${name}`);
        }
      }
      return { handler: r.handler, pathParams };
    }
    // Whatever answers GET also answers HEAD, as the server's URL table says.
    if (allowed.length > 0) throw new MethodNotAllowedError(allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed);
    throw endpointDoesNotExist();
  };
}
