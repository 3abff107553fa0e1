import { z } from 'zod';

/** The chat service's error envelope; extra fields (e.g. `stream`) are kept. */
export const errorEnvelopeSchema = z.looseObject({
  result: z.literal('error'),
  code: z.string(),
  msg: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Fields every success response carries; endpoints extend it. Unknown fields are accepted. */
export const successShape = {
  result: z.literal('success'),
  msg: z.string(),
  ignored_parameters_unsupported: z.array(z.string()).optional(),
};
export const simpleSuccessSchema = z.looseObject(successShape);
export type SimpleSuccess = z.infer<typeof simpleSuccessSchema>;

export function successSchema<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject({ ...successShape, ...shape });
}

/** Codes the BFF adds for its own failures; everything else is the upstream's. */
export const bffErrorCodes = {
  upstreamUnavailable: 'UPSTREAM_UNAVAILABLE',
  upstreamInvalid: 'UPSTREAM_INVALID_RESPONSE',
  sessionExpired: 'SESSION_EXPIRED',
  invalidParams: 'INVALID_PARAMS',
  unknownOperation: 'UNKNOWN_OPERATION',
  csrf: 'CSRF_REJECTED',
} as const;

export function errorEnvelope(code: string, msg: string, extra: Record<string, unknown> = {}): ErrorEnvelope {
  return { result: 'error', code, msg, ...extra };
}
