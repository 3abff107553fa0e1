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
    return answerOf<O>(await bffFetch(query ? `${path}?${query}` : path, { signal: options.signal }));
  }
  return answerOf<O>(
    await bffFetch(path, {
      method: op.method,
      body: encoded,
      signal: options.signal,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
}

/**
 * The one place a catalogued answer is taken as its operation's type. The BFF parsed it with the same schema
 * (`op.response`) before forwarding it, and answers that fail are refused there (502); parsing it again here would
 * double the work on the largest answers (10,000 people, a 20,000-message topic) for nothing the BFF left unchecked.
 */
function answerOf<O extends SvcOperation>(answer: unknown): z.output<O['response']> {
  return answer as z.output<O['response']>;
}
