/** The chat-service simulator: what the BFF's demo mode, tests and e2e runs talk to. */
export { createSvcSimulator, DEFAULT_FEATURE_LEVEL, SIM_VERSION } from './simulator';
export type { SvcSimOptions, SvcSimulator } from './simulator';
export { startSvcSimServer } from './server';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, PROFILE_FIELD_IDS } from './seed-demo-realm';
export { EMAIL_VISIBILITY, SvcStore } from './store';
export type { CustomProfileField, EmailVisibility, SentEmail, SimUser, StatusRow } from './store';
export type { SvcEvent, SvcEventListener } from './events';
export { basicAuthHeader, callSim, SIM_ORIGIN } from './sim-request';
export type { SimCallOptions, SimCallResult } from './sim-request';
