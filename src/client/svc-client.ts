import type { z } from 'zod';
import type { SvcOperation } from '../shared/svc/catalog';
import { encodeParams, fillTemplate, usesQueryString } from '../shared/svc/wire';
import { SVC_PREFIX } from '../shared/bff/constants';
import { bffFetch } from './bff-fetch';

/**
 * Calls a catalogued chat-service operation through the BFF, in the service's own wire encoding.
 * The BFF validates the response against the catalog before it forwards it, so it is typed here.
 */
export async function svc<O extends SvcOperation>(
  op: O,
  params: z.input<O['params']>,
  options: { signal?: AbortSignal } = {},
): Promise<z.output<O['response']>> {
  const all = params as Record<string, unknown>;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    if (!op.template.names.includes(key)) rest[key] = value;
  }
  const path = SVC_PREFIX + fillTemplate(op.template, all);
  const encoded = encodeParams(rest);
  if (usesQueryString(op.method)) {
    const query = encoded.toString();
    return (await bffFetch(query ? `${path}?${query}` : path, { signal: options.signal })) as z.output<O['response']>;
  }
  return (await bffFetch(path, {
    method: op.method,
    body: encoded,
    signal: options.signal,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })) as z.output<O['response']>;
}
