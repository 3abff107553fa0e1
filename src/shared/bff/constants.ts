/** Browser↔BFF constants, kept free of zod so the SPA shell does not load it. */

/** Mutating /bff requests must carry this header (a cross-site form cannot set it) and a matching Origin. */
export const CSRF_HEADER = 'x-realm-console';
export const CSRF_VALUE = '1';

export const BFF_PREFIX = '/bff';
export const SVC_PREFIX = '/bff/svc';
