import { z } from 'zod';

/** A date as superjson delivers it (Date) or as JSON carries it (ISO text); anything unreadable is null. */
const looseDate = z
  .preprocess((v) => (typeof v === 'string' || typeof v === 'number' ? new Date(v) : v), z.date())
  .nullish()
  .catch(null);

/** `publicApi.certs` (scope certs:read): one record per certificate the dashboard manages. */
export const certRecordSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  domain: z.string(),
  // Plain strings: a status or source this console does not know is shown as it came.
  status: z.string().nullish().catch(null),
  source: z.string().nullish().catch(null),
  issuedAt: looseDate,
  expiresAt: looseDate,
  autoRenew: z.boolean().nullish().catch(null),
  routeId: z.union([z.string(), z.number()]).transform(String).nullish().catch(null),
});
export type CertRecord = z.infer<typeof certRecordSchema>;
export const certListSchema = z.array(certRecordSchema);

export const MIN_WINDOW_MINUTES = 1;
export const MAX_WINDOW_MINUTES = 1440;
export const DEFAULT_WINDOW_MINUTES = 60;

/** `publicApi.analytics` input; without one the dashboard uses 60 minutes. */
export const analyticsInputSchema = z
  .object({ windowMinutes: z.int().min(MIN_WINDOW_MINUTES).max(MAX_WINDOW_MINUTES).optional() })
  .optional();
export type AnalyticsInput = z.infer<typeof analyticsInputSchema>;

const count = z.number().nullish().catch(null);

/** One route's traffic over the window. */
export const routeTrafficSchema = z.looseObject({
  routeId: z.union([z.string(), z.number()]).transform(String),
  requests: count,
  errors: count,
  status5xx: count,
  avgLatencyMs: count,
  errorRatePct: count,
});
export type RouteTraffic = z.infer<typeof routeTrafficSchema>;
export const analyticsSchema = z.array(routeTrafficSchema);
