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
  /**
   * Another operation on the same method and path, told apart by a request parameter: a request that carries
   * this parameter is this operation (see `operationFor` in match.ts).
   */
  whenParam?: string;
  /**
   * Parameters a server takes only from a feature level on (name → level). A server below it ignores such a
   * parameter (naming it in `ignored_parameters_unsupported`) and does the rest of the call, so the BFF
   * refuses the call instead: half of a deletion must not pass for all of it.
   */
  paramLevels?: Readonly<Record<string, number>>;
  /** A POST that changes nothing (e.g. rendering a preview): not recorded in the audit. */
  changesNothing?: boolean;
  /**
   * The answer is taken whole or refused: records the BFF cannot read are not left out of it (an event batch,
   * whose skipped events would be acknowledged with the rest and lost).
   */
  wholeAnswer?: boolean;
  /**
   * The parameter that carries a file (a `data:` URL between the browser and the BFF): the BFF sends the
   * call as multipart/form-data with that file as its one file part.
   */
  fileParam?: string;
}

type OpInput<P extends z.ZodObject, R extends z.ZodType> = Omit<
  SvcOperation<P, R>,
  'template' | 'auth' | 'exposure' | 'params' | 'response'
> &
  Partial<Pick<SvcOperation<P, R>, 'auth' | 'exposure'>> & {
    /** Builds the parameters' schema, on first use. */
    params: () => P;
    /** Builds the answer's schema, on first use. */
    response: () => R;
  };

/**
 * Declares an operation. Its schemas are built on first use, not when the catalog is loaded: the browser
 * loads the whole catalog for its operations' paths and types but uses only a few parameter schemas (in
 * forms), and building all of them took a traced first load of the users page 27 ms more and 0.3 MB of heap.
 */
export function op<P extends z.ZodObject, R extends z.ZodType>(input: OpInput<P, R>): SvcOperation<P, R> {
  const { params, response, ...rest } = input;
  let builtParams: P | undefined;
  let builtResponse: R | undefined;
  return {
    auth: 'user',
    exposure: 'browser',
    ...rest,
    template: parseTemplate(input.path),
    get params() {
      return (builtParams ??= params());
    },
    get response() {
      return (builtResponse ??= response());
    },
  };
}
