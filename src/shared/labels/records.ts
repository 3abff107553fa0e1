/** What a record kind is called (the audit's target types), and the audit's outcomes, in words. */

const RECORD_TYPE_LABELS: Readonly<Record<string, string>> = {
  user: 'User',
  channel: 'Channel',
  'channel-folder': 'Channel folder',
  group: 'User group',
  topic: 'Topic',
  message: 'Message',
  linkifier: 'Linkifier',
  draft: 'Draft',
  snippet: 'Saved snippet',
  attachment: 'Attachment',
  realm: 'Organization',
  route: 'Proxy route',
  session: 'Session',
  webhook: 'Webhook endpoint',
  invitation: 'Invitation',
  profile_field: 'Profile field',
  emoji: 'Custom emoji',
  data_export: 'Data export',
  playground: 'Code playground',
};

/** A record kind in words; one the console does not know yet reads as words too (`data_export` → "Data export"). */
export function recordTypeLabel(type: string): string {
  const known = RECORD_TYPE_LABELS[type];
  if (known) return known;
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : type;
}

const OUTCOME_LABELS: Readonly<Record<string, string>> = {
  success: 'Done',
  error: 'Refused',
  pending: 'Pending',
  unknown: 'Not known',
};

/** `success` → "Done"; `unknown` (the answer was lost) → "Not known". */
export function outcomeLabel(outcome: string): string {
  return OUTCOME_LABELS[outcome] ?? outcome;
}

/**
 * Which console process served a request, from its `host:pid` replica id: `vm:8974` → "vm, process 8974".
 * Only several replicas make it matter; the raw id stays in the export.
 */
export function replicaLabel(replica: string): string {
  const match = /^(.*):(\d+)$/.exec(replica);
  return match ? `${match[1]}, process ${match[2]}` : replica;
}
