import { WebhooksPage } from '../../features/webhooks/webhooks-page';

export function WebhooksRoute() {
  return <WebhooksPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { WebhooksRoute as Component };
