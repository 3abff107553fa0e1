import { deletedInWords } from './deactivation';
import { permissionLabel } from './permissions';
import { roleLabel } from './roles';

/**
 * The names of request parameters and record fields in words, for the audit's details, forms' summaries and
 * error messages that quote a parameter (`status_text is too long` → "Status text is too long").
 */
const PARAM_LABELS: Readonly<Record<string, string>> = {
  user_id: 'User',
  user_ids: 'Users',
  role: 'Role',
  full_name: 'Name',
  email: 'Email',
  status_text: 'Status text',
  emoji_name: 'Emoji',
  emoji_code: 'Emoji code',
  reaction_type: 'Emoji kind',
  away: 'Away',
  deactivation_notification_comment: 'Note to the person',
  actions: 'Clean-up',
  allow_private_data_export: 'Private data in data exports',
  stream_id: 'Channel',
  stream_ids: 'Channels',
  new_name: 'New name',
  name: 'Name',
  description: 'Description',
  is_private: 'Private',
  is_web_public: 'Web-public',
  history_public_to_subscribers: 'New subscribers see the history',
  is_default_stream: 'Default channel for new users',
  message_retention_days: 'Message retention',
  topics_policy: 'Topic rules',
  folder_id: 'Folder',
  channel_folder_id: 'Folder',
  is_archived: 'Archived',
  topic_name: 'Topic',
  topic: 'Topic',
  subject: 'Topic',
  message_id: 'Message',
  message_ids: 'Messages',
  content: 'Content',
  propagate_mode: 'Which messages',
  send_notification_to_old_thread: 'Notify the old topic',
  send_notification_to_new_thread: 'Notify the new topic',
  subscriptions: 'Channels',
  principals: 'People',
  property: 'Setting',
  value: 'Value',
  invitee_emails: 'Addresses',
  invite_as: 'Invite as',
  invite_expires_in_minutes: 'Expires after (minutes)',
  group_ids: 'Groups',
  invite_id: 'Invitation',
  pattern: 'Pattern',
  url_template: 'URL template',
  filter_id: 'Linkifier',
  ordered_linkifier_ids: 'Order',
  title: 'Title',
  group_id: 'Group',
  add: 'Added',
  delete: 'Removed',
  add_subgroups: 'Subgroups added',
  delete_subgroups: 'Subgroups removed',
  members: 'Members',
  hint: 'Hint',
  field_data: 'Choices',
  field_type: 'Type',
  required: 'Required',
  display_in_profile_summary: 'Shown on the profile card',
  editable_by_user: 'Editable by the person',
  use_for_user_matching: 'Matched in name suggestions',
  order: 'Order',
  color: 'Colour',
  is_muted: 'Muted',
  pin_to_top: 'Pinned',
  bulk_run_id: 'Bulk run',
  export_type: 'Contents',
  export_id: 'Export',
  playground_id: 'Code playground',
  pygments_language: 'Language',
};

/**
 * A data export's kind: words from level 449, the numbers 1 and 2 before it (the BFF spells the request for the
 * server's level, and the audit keeps what was sent).
 */
const EXPORT_TYPE_LABELS: Readonly<Record<string, string>> = {
  public: 'Public data',
  '1': 'Public data',
  full_with_consent: 'With consented private data',
  '2': 'With consented private data',
  full_without_consent: 'Everything, without consent',
};

/** Which messages an edit or a move takes along (`propagate_mode`), as the move dialog offers them. */
export const PROPAGATE_MODE_LABELS: Readonly<Record<'change_one' | 'change_later' | 'change_all', string>> = {
  change_one: 'Only this message',
  change_later: 'This message and the ones after it',
  change_all: 'The whole topic',
};

function propagateModeLabel(value: unknown): string | null {
  return typeof value === 'string' && Object.hasOwn(PROPAGATE_MODE_LABELS, value)
    ? PROPAGATE_MODE_LABELS[value as keyof typeof PROPAGATE_MODE_LABELS]
    : null;
}

/** `full_with_consent` or 2 → "With consented private data"; null for a kind the console does not know. */
export function exportTypeLabel(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? (EXPORT_TYPE_LABELS[String(value)] ?? null) : null;
}

/** `status_text` → "Status text"; a group permission by what it lets people do; anything else in plain words. */
export function paramLabel(name: string): string {
  const known = PARAM_LABELS[name];
  if (known) return known;
  if (/^(realm_)?(can_[a-z_]+|[a-z_]+_group)$/.test(name)) return permissionLabel(name);
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/\b(id|ids|url|api)\b/g, (w) => w.toUpperCase());
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : name;
}

function plainValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (typeof value === 'string') return `“${value}”`;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(plainValue).join(', ');
  return JSON.stringify(value) ?? String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A record inside a parameter (a subscription change `{stream_id, property, value}`) by its fields, each named
 * and valued in words: "Channel: #2, Setting: Muted, Value: no", never its JSON.
 */
function recordValue(record: Record<string, unknown>): string {
  return Object.entries(record)
    .map(([key, value]) => `${paramLabel(key)}: ${paramValue(key, value)}`)
    .join(', ');
}

/** One parameter's value as a person reads it: roles by name, people and channels by their number. */
export function paramValue(name: string, value: unknown): string {
  if (name === 'role' || name === 'invite_as') return typeof value === 'number' ? roleLabel(value) : plainValue(value);
  if (name === 'export_type') return exportTypeLabel(value) ?? plainValue(value);
  if (name === 'propagate_mode') return propagateModeLabel(value) ?? plainValue(value);
  // A setting named by its API name (`property: "is_muted"`) is named in words.
  if (name === 'property' && typeof value === 'string') return paramLabel(value);
  if (Array.isArray(value) && value.some(isRecord)) {
    return value.map((item) => (isRecord(item) ? `(${recordValue(item)})` : plainValue(item))).join(', ');
  }
  if (name === 'actions' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    // A deactivation's clean-up: its action names in words, never the API's keys.
    const deleted = deletedInWords(value as Record<string, unknown>);
    return deleted ? `delete ${deleted}` : 'none';
  }
  if ((name.endsWith('_id') || name.endsWith('_ids')) && (typeof value === 'number' || Array.isArray(value))) {
    const ids = Array.isArray(value) ? value : [value];
    return ids.map((id) => (typeof id === 'number' ? `#${id}` : plainValue(id))).join(', ');
  }
  if (typeof value === 'object' && value !== null && 'new' in value) {
    // A group-setting change `{new, old}`: what it became is what a reader wants first.
    return plainValue((value as { new: unknown }).new);
  }
  if (isRecord(value)) return recordValue(value);
  return plainValue(value);
}

/**
 * Every parameter on one line, each named and valued in words: `Role: Moderator · User: #12`. With `maxValue`,
 * a long value is cut there (a one-line summary; the full text is shown elsewhere).
 */
export function describeParams(params: Readonly<Record<string, unknown>>, maxValue = Infinity): string {
  return Object.entries(params)
    .map(([name, value]) => {
      const text = paramValue(name, value);
      return `${paramLabel(name)}: ${text.length > maxValue ? `${text.slice(0, maxValue - 1)}…` : text}`;
    })
    .join(' · ');
}
