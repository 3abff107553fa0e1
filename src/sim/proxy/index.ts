/** The proxy-dashboard simulator: what demo mode, BFF tests and e2e runs talk to. */
export { SimClock } from './clock';
export { PROXY_SIM_CONTROL_PREFIX } from './control-api';
export { DRIFT_RESOLUTION, DRIFT_TYPES } from './drift-store';
export type { DriftEvent, DriftType } from './drift-store';
export { hashKey, KEY_PREFIX } from './keys';
export type { SimApiKeyView } from './keys';
export { startProxySimServer } from './server';
export { createProxySimulator, PROXY_SESSION_COOKIE, PROXY_SIM_DEMO_TIMINGS, PROXY_SIM_VERSION } from './simulator';
export type { ProxySimControl, ProxySimOptions, ProxySimulator } from './simulator';
