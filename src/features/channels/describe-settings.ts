import type { TopicsPolicy } from '../../shared/svc/channels';

type Realm = Readonly<Record<string, unknown>> | undefined;

function days(n: number): string {
  return n === 1 ? '1 day' : `${n.toLocaleString()} days`;
}

function realmRetention(realm: Realm): string {
  const value = realm?.realm_message_retention_days;
  if (typeof value !== 'number') return 'the organization’s default';
  return value === -1 ? 'the organization’s default (forever)' : `the organization’s default (${days(value)})`;
}

/** `message_retention_days`: null follows the organization, -1 keeps forever. */
export function describeRetention(value: number | null | undefined, realm: Realm): string {
  if (value === undefined || value === null) {
    const text = realmRetention(realm);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return value === -1 ? 'Forever' : `${days(value)}`;
}

export const TOPICS_POLICY_TEXT: Readonly<Record<TopicsPolicy, string>> = {
  inherit: 'As the organization decides',
  allow_empty_topic: 'Messages may be sent without a topic',
  disable_empty_topic: 'Every message needs a topic',
  empty_topic_only: 'Only messages without a topic (the channel has no topics)',
};

export function describeTopicsPolicy(policy: string | undefined, realm: Realm): string {
  if (policy === undefined) return TOPICS_POLICY_TEXT.inherit;
  if (policy !== 'inherit') return (TOPICS_POLICY_TEXT as Readonly<Record<string, string>>)[policy] ?? policy;
  const realmPolicy = realm?.realm_topics_policy;
  return realmPolicy === 'allow_empty_topic' || realmPolicy === 'disable_empty_topic'
    ? `${TOPICS_POLICY_TEXT.inherit}: ${TOPICS_POLICY_TEXT[realmPolicy].toLowerCase()}`
    : TOPICS_POLICY_TEXT.inherit;
}
