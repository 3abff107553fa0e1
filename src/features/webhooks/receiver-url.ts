import { receiverPath } from '../../shared/bff/webhooks';

/** The URL to configure as the bot's endpoint in the chat server: this console's own origin. */
export function receiverUrl(endpointId: string, origin: string = window.location.origin): string {
  return `${origin}${receiverPath(endpointId)}`;
}
