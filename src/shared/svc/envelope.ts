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

export { bffErrorCodes, errorEnvelope, isErrorEnvelope } from './error-codes';
