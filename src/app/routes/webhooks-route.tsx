import { WebhooksPage } from '../../features/webhooks/webhooks-page';

export function WebhooksRoute() {
  return <WebhooksPage />;
}
