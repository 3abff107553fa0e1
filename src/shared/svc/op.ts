import type { z } from 'zod';
import { parseTemplate, type HttpMethod, type PathTemplate } from './wire';

/** One chat-service operation as the console uses it; `catalog.ts` gathers them all. */
export interface SvcOperation<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  id: string;
  method: HttpMethod;
  path: string;
  template: PathTemplate;
  params: P;
  response: R;
  /** `none`: no credentials (e.g. server settings). */
  auth: 'none' | 'user';
  /** `bff`: the BFF calls it itself and never forwards it from the browser (it returns a credential). */
  exposure: 'browser' | 'bff';
  adminOnly?: boolean;
  minLevel?: number;
}

type OpInput<P extends z.ZodObject, R extends z.ZodType> = Omit<SvcOperation<P, R>, 'template' | 'auth' | 'exposure'> &
  Partial<Pick<SvcOperation<P, R>, 'auth' | 'exposure'>>;

export function op<P extends z.ZodObject, R extends z.ZodType>(input: OpInput<P, R>): SvcOperation<P, R> {
  return { auth: 'user', exposure: 'browser', ...input, template: parseTemplate(input.path) };
}
