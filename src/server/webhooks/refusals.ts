import { REFUSAL_RETENTION, type WebhookRefusal } from '../../shared/bff/webhooks';

/**
 * The receiver's refusals per endpoint, in this process's memory only: they are for an administrator
 * wondering why a bot's notifications never show up, not a record to keep, and anyone who knows an endpoint's
 * URL can cause them (hence bounded, and holding no part of the refused body).
 */
export class RefusalLog {
  private readonly byEndpoint = new Map<string, WebhookRefusal[]>();
  readonly since: string;

  constructor(
    now: number,
    private readonly retention = REFUSAL_RETENTION,
  ) {
    this.since = new Date(now).toISOString();
  }

  record(endpointId: string, refusal: WebhookRefusal): void {
    const list = this.byEndpoint.get(endpointId) ?? [];
    list.push(refusal);
    if (list.length > this.retention) list.splice(0, list.length - this.retention);
    this.byEndpoint.set(endpointId, list);
  }

  /** Newest first. */
  list(endpointId: string): WebhookRefusal[] {
    return [...(this.byEndpoint.get(endpointId) ?? [])].reverse();
  }

  forget(endpointId: string): void {
    this.byEndpoint.delete(endpointId);
  }
}
