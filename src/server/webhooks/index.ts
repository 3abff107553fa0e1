import type { BffDeps } from '../app-types';
import type { Config } from '../config';
import { webhookAdminRoutes } from './admin-routes';
import { receiverRoutes } from './receiver';
import { WebhookRegistry } from './registry';
import { configuredSecret, createTokenVault } from './token-vault';

export { RECEIVER_ERRORS } from './receiver';

/**
 * Outgoing webhooks: one registry shared by the receiver (mounted at `/hooks/outgoing`, outside `/bff`) and
 * the administrators' routes (mounted at `/bff/webhooks`).
 */
export function createWebhooks(config: Config, deps: BffDeps) {
  const vault = createTokenVault(configuredSecret(config.sessionSecret, config.dataDir));
  const registry = new WebhookRegistry(vault, deps.now);
  return {
    registry,
    receiver: receiverRoutes(registry, { maxBodyBytes: config.webhooks.maxBodyBytes }),
    admin: webhookAdminRoutes(config, deps, registry),
  };
}
