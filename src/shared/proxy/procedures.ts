import { z } from 'zod';
import { analyticsInputSchema, analyticsSchema, certListSchema } from './insights';
import { driftListAllInputSchema, driftListSchema, proxyConfigSchema, proxyStatusSchema } from './live';
import {
  createRouteInputSchema,
  createRouteOutputSchema,
  healthSchema,
  okOutputSchema,
  routeIdInputSchema,
  routeListSchema,
  routeRecordSchema,
  updateRouteInputSchema,
} from './routes';

/** Scopes a dashboard API key may hold. */
export const PROXY_SCOPES = [
  'routes:read',
  'routes:write',
  'health:read',
  'certs:read',
  'analytics:read',
  'admin',
] as const;
export type ProxyScope = (typeof PROXY_SCOPES)[number];

/**
 * The scopes the key procedures check. `admin` is not among them: the dashboard compares scopes as exact
 * strings, so a key holding only `admin` is refused by every `publicApi.*` procedure.
 */
export const CHECKED_SCOPES = ['routes:read', 'routes:write', 'health:read', 'certs:read', 'analytics:read'] as const;
export type CheckedScope = (typeof CHECKED_SCOPES)[number];

/** Exact strings: a key may do what it lists, and `admin` implies nothing. */
export function scopeAllows(held: readonly string[], needed: CheckedScope): boolean {
  return held.includes(needed);
}

const noInput = z.undefined();

interface ProcedureDef<I extends z.ZodType, O extends z.ZodType> {
  kind: 'query' | 'mutation';
  input: I;
  output: O;
  /** The scope the dashboard checks; null for a procedure it answers without any authentication. */
  scope: CheckedScope | null;
  /** What the console does with it, for messages ("… to create routes"). */
  purpose: string;
}

function procedure<I extends z.ZodType, O extends z.ZodType>(def: ProcedureDef<I, O>): ProcedureDef<I, O> {
  return def;
}

/**
 * Every dashboard procedure the console calls, and nothing else: the BFF refuses any other path. Writes go
 * through the key-authenticated `publicApi.*` procedures (the `routes.*` writes need a browser session the
 * console never has). `routes.get` gives one full record (live state included) and is answered without any
 * authentication, so it reads a route back after a write but never proves anything about the key.
 */
export const proxyProcedures = {
  'publicApi.routes': procedure({
    kind: 'query',
    input: noInput,
    output: routeListSchema,
    scope: 'routes:read',
    purpose: 'list routes',
  }),
  'routes.get': procedure({
    kind: 'query',
    input: routeIdInputSchema,
    output: routeRecordSchema,
    scope: null,
    purpose: 'read a route',
  }),
  'publicApi.createRoute': procedure({
    kind: 'mutation',
    input: createRouteInputSchema,
    output: createRouteOutputSchema,
    scope: 'routes:write',
    purpose: 'create routes',
  }),
  'publicApi.updateRoute': procedure({
    kind: 'mutation',
    input: updateRouteInputSchema,
    output: okOutputSchema,
    scope: 'routes:write',
    purpose: 'change routes',
  }),
  'publicApi.deleteRoute': procedure({
    kind: 'mutation',
    input: routeIdInputSchema,
    output: okOutputSchema,
    scope: 'routes:write',
    purpose: 'delete routes',
  }),
  'publicApi.health': procedure({
    kind: 'query',
    input: noInput,
    output: healthSchema,
    scope: 'health:read',
    purpose: 'read the dashboard health',
  }),
  'publicApi.certs': procedure({
    kind: 'query',
    input: noInput,
    output: certListSchema,
    scope: 'certs:read',
    purpose: 'list certificates',
  }),
  'publicApi.analytics': procedure({
    kind: 'query',
    input: analyticsInputSchema,
    output: analyticsSchema,
    scope: 'analytics:read',
    purpose: 'read route traffic',
  }),
  // Public procedures (no key, no session): what is really live, beyond the record's sync fields.
  'drift.list': procedure({
    kind: 'query',
    input: noInput,
    output: driftListSchema,
    scope: null,
    purpose: 'read the drift events',
  }),
  'drift.listAll': procedure({
    kind: 'query',
    input: driftListAllInputSchema,
    output: driftListSchema,
    scope: null,
    purpose: 'read the drift history',
  }),
  'caddy.status': procedure({
    kind: 'query',
    input: noInput,
    output: proxyStatusSchema,
    scope: null,
    purpose: "read the proxy's state",
  }),
  'caddy.config': procedure({
    kind: 'query',
    input: noInput,
    // Summarized to the routes it holds: the proxy's whole configuration never reaches the browser.
    output: proxyConfigSchema,
    scope: null,
    purpose: 'read which routes the proxy holds',
  }),
} as const;

export type ProxyProcedures = typeof proxyProcedures;
export type ProxyProcedureName = keyof ProxyProcedures;
export type ProxyInput<P extends ProxyProcedureName> = z.input<ProxyProcedures[P]['input']>;
export type ProxyOutput<P extends ProxyProcedureName> = z.output<ProxyProcedures[P]['output']>;
export type ProxyQueryName = {
  [P in ProxyProcedureName]: ProxyProcedures[P]['kind'] extends 'query' ? P : never;
}[ProxyProcedureName];

export const PROXY_PROCEDURE_NAMES = Object.keys(proxyProcedures) as ProxyProcedureName[];

export function isProxyProcedure(name: string): name is ProxyProcedureName {
  return Object.hasOwn(proxyProcedures, name);
}
