import { z } from 'zod';

/**
 * What the dashboard's procedures accept, written from the measured behaviour of a real instance, not from the
 * console's contract. `z.object` strips unknown keys without a word, exactly as the key API does: a field it
 * does not list is dropped and the call still succeeds.
 */

export const SIM_TLS_MODES = ['auto', 'auto-staging', 'dns', 'internal', 'custom', 'off'] as const;
export type SimTlsMode = (typeof SIM_TLS_MODES)[number];
export const SIM_LB_POLICIES = ['round_robin', 'least_conn', 'ip_hash', 'random', 'first'] as const;
export type SimLbPolicy = (typeof SIM_LB_POLICIES)[number];

const upstream = z.object({
  address: z.string().min(1),
  weight: z.number().int().min(0).max(100).default(1),
});

/** `publicApi.createRoute`: the key API's create; `dns` and `custom` are refused, everything unlisted stripped. */
export const keyCreateInput = z.object({
  name: z.string().min(1).max(100),
  domain: z.string().min(1).max(253),
  upstreams: z.array(upstream).min(1),
  tlsMode: z.enum(['auto', 'auto-staging', 'internal', 'off']).default('auto'),
  compressionEnabled: z.boolean().default(true),
  healthCheckEnabled: z.boolean().default(true),
  healthCheckPath: z.string().default('/'),
});
export type KeyCreateInput = z.infer<typeof keyCreateInput>;

/** `publicApi.updateRoute`: six fields change; domain, tlsMode, lbPolicy and the rest are stripped. */
export const keyUpdateInput = z.object({
  id: z.string(),
  patch: z.object({
    name: z.string().min(1).max(100).optional(),
    enabled: z.boolean().optional(),
    upstreams: z.array(upstream).min(1).optional(),
    healthCheckEnabled: z.boolean().optional(),
    healthCheckPath: z.string().optional(),
    compressionEnabled: z.boolean().optional(),
  }),
});
export type KeyPatch = z.infer<typeof keyUpdateInput>['patch'];

/** The browser dashboard's own forms (session only): every setting. */
const sessionSettings = {
  lbPolicy: z.enum(SIM_LB_POLICIES).optional(),
  ssoEnabled: z.boolean().optional(),
  websocketEnabled: z.boolean().optional(),
  http3Enabled: z.boolean().optional(),
  healthCheckInterval: z.number().int().min(5).max(3600).optional(),
  maintenanceMode: z.boolean().optional(),
};
export const sessionCreateInput = keyCreateInput.extend({
  tlsMode: z.enum(SIM_TLS_MODES).default('auto'),
  enabled: z.boolean().optional(),
  ...sessionSettings,
});
export type SessionCreateInput = z.input<typeof sessionCreateInput>;
export const sessionUpdateInput = z.object({
  id: z.string(),
  patch: keyUpdateInput.shape.patch.extend({
    domain: z.string().min(1).max(253).optional(),
    tlsMode: z.enum(SIM_TLS_MODES).optional(),
    ...sessionSettings,
  }),
});
export type SessionPatch = z.infer<typeof sessionUpdateInput>['patch'];

export const idInput = z.object({ id: z.string() });
export const analyticsInput = z.object({ windowMinutes: z.number().int().min(1).max(1440).default(60) }).default({
  windowMinutes: 60,
});
/** `drift.listAll`: how many events, newest first; no input at all means the default. */
export const driftListAllInput = z.object({ limit: z.int().min(1).max(200).default(100) }).default({ limit: 100 });
