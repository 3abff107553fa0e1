/** The chat-service simulator: what the BFF's demo mode, tests and e2e runs talk to. */
export { createSvcSimulator, DEFAULT_FEATURE_LEVEL, SIM_VERSION } from './simulator';
export type { SvcSimOptions, SvcSimulator } from './simulator';
export type { SimRealmFlags, SvcSimControl } from './control';
export { SIM_CONTROL_PREFIX } from './control-api';
export {
  DEFAULT_HEARTBEAT_SECONDS,
  DEFAULT_LONGPOLL_TIMEOUT_SECONDS,
  DEFAULT_QUEUE_IDLE_SECONDS,
} from './event-queues';
export type { QueueEvent } from './event-queues';
export type { DeliveryPreferences } from './event-routing';
export { FETCH_EVENT_TYPES } from './initial-state';
export { EMPTY_TOPIC_DISPLAY_NAME, SERVER_LIMITS } from './settings';
export type { RealmSettings, UserSettingName, UserSettings } from './settings';
export { startSvcSimServer } from './server';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, PROFILE_FIELD_IDS } from './seed-demo-realm';
export { EMAIL_VISIBILITY, SvcStore } from './store';
export type { CustomProfileField, EmailVisibility, SentEmail, SimUser, StatusRow } from './store';
export type { HeartbeatEvent, SvcEvent, SvcEventListener } from './events';
export { basicAuthHeader, callSim, SIM_ORIGIN } from './sim-request';
export type { SimCallOptions, SimCallResult } from './sim-request';
