import { z } from 'zod';
import {
  batchRequestSchema,
  batchResponseSchema,
  PROXY_BATCH_PATH,
  PROXY_EXPOSURE_PATH,
  PROXY_PREFIX,
  proxyExposureSchema,
} from '../proxy';
import { bffRoute, typed } from './route-def';

/**
 * `/bff/proxy` as the SPA calls it (src/server/routes/proxy-routes.ts answers it). A procedure's answer is the
 * dashboard's output, which the proxy area reads through the procedure's own output schema (`callProxy`): the
 * procedure table, not this one, says what each gives.
 */
export const proxyApi = {
  /** A query procedure: its input as JSON text in `input`, when it takes one. */
  query: bffRoute({
    method: 'GET',
    path: `${PROXY_PREFIX}/:procedure`,
    query: z.object({ input: z.string().optional() }),
    answer: typed<unknown>(),
  }),
  /** A change: its input as the JSON body. */
  mutation: bffRoute({
    method: 'POST',
    path: `${PROXY_PREFIX}/:procedure`,
    body: typed<unknown>(),
    answer: typed<unknown>(),
  }),
  batch: bffRoute({ method: 'POST', path: PROXY_BATCH_PATH, body: batchRequestSchema, answer: batchResponseSchema }),
  exposure: bffRoute({ method: 'GET', path: PROXY_EXPOSURE_PATH, answer: proxyExposureSchema }),
};
