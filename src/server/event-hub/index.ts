/** The BFF's event hub: one upstream event queue per signed-in session, fanned out to its tabs. */
export { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
export { EventHub, type EventHubOptions, type HubSession, type HubStats, type Subscription } from './event-hub';
export { formatStreamId, parseStreamId, type CloseReason, type HubListener, type HubMessage } from './messages';
export { Outbox } from './outbox';
export { CLIENT_CAPABILITIES, realSchedule, type Schedule } from './session-queue';
