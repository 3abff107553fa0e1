import type { BffDeps } from '../app-types';
import type { Config } from '../config';
import { webhookAdminRoutes } from './admin-routes';
import { receiverRoutes } from './receiver';
import { RefusalLog } from './refusals';

export { RECEIVER_ERRORS } from './receiver';

/**
 * Outgoing webhooks: the deps' registry (the SQL store in the running console) shared by the receiver
 * (mounted at `/hooks/outgoing`, outside `/bff`) and the administrators' routes (mounted at `/bff/webhooks`).
 */
export function createWebhooks(config: Config, deps: BffDeps) {
  const registry = deps.webhooks;
  const refusals = new RefusalLog(deps.now());
  return {
    registry,
    receiver: receiverRoutes(registry, refusals, { maxBodyBytes: config.webhooks.maxBodyBytes, now: deps.now }),
    admin: webhookAdminRoutes(config, deps, registry, refusals),
  };
}
