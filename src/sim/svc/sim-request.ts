type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The wire encoding of parameters: text as it is, everything else as JSON text. */
function encodeParams(params: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    out.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}
import type { SvcSimulator } from './simulator';

/** Where in-process requests pretend to go; the simulator serves any origin. */
export const SIM_ORIGIN = 'http://svc.sim.test';

export function basicAuthHeader(email: string, apiKey: string): string {
  const bytes = new TextEncoder().encode(`${email}:${apiKey}`);
  return `Basic ${btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))}`;
}

export interface SimCallOptions {
  /** Sign the request as this demo user (email + their API key); omit for no credentials. */
  as?: string;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface SimCallResult {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * One API call the way a client sends it (query string for GET, form body otherwise, JSON for
 * non-string values). For tests and tools that drive the simulator in-process.
 */
export async function callSim(
  sim: SvcSimulator,
  method: HttpMethod,
  path: string,
  options: SimCallOptions = {},
): Promise<SimCallResult> {
  const headers = new Headers(options.headers);
  if (options.as !== undefined) headers.set('authorization', basicAuthHeader(options.as, sim.apiKeyOf(options.as)));
  const encoded = encodeParams(options.params ?? {});
  let url = `${SIM_ORIGIN}/api/v1${path}`;
  let body: string | undefined;
  if (method === 'GET') {
    const query = encoded.toString();
    if (query) url += `?${query}`;
  } else {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = encoded.toString();
  }
  const response = await sim.fetch(new Request(url, { method, headers, body }));
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}
