import { CHANNEL_PERMISSION_SETTINGS } from '../svc/channels';
import { CHANNEL_PERMISSION_LABELS } from './permissions';
import { deletedInWords } from './deactivation';
import { userSettingLabel } from '../svc/user-settings-defaults';

/**
 * What a successful change did, in words an administrator reads on the Audit page (the operation id and
 * the parameters stay beside it). Null for operations whose id and target already say it all.
 */

type Params = Readonly<Record<string, unknown>>;

const quoted = (text: string) => `“${text}”`;

function retention(value: unknown): string {
  if (value === 'realm_default') return 'message retention set to the organization default';
  if (value === 'unlimited') return 'messages kept forever';
  return `messages kept for ${String(value)} days`;
}

function privacy(p: Params): string | null {
  const { is_private: isPrivate, is_web_public: webPublic, history_public_to_subscribers: history } = p;
  if (webPublic === true) return 'made web-public';
  if (isPrivate === true) {
    return history === true
      ? 'made private, new subscribers see the history'
      : history === false
        ? 'made private, new subscribers see only new messages'
        : 'made private';
  }
  if (isPrivate === false || webPublic === false) return 'made public';
  if (history === true) return 'new subscribers see the history';
  if (history === false) return 'new subscribers see only new messages';
  return null;
}

function channelChanges(p: Params): string[] {
  const parts: string[] = [];
  if (typeof p.new_name === 'string') parts.push(`renamed to ${quoted(p.new_name.trim())}`);
  if (typeof p.description === 'string')
    parts.push(p.description.trim() ? 'description changed' : 'description cleared');
  const privacyChange = privacy(p);
  if (privacyChange) parts.push(privacyChange);
  if (p.is_default_stream === true) parts.push('made a default channel for new users');
  if (p.is_default_stream === false) parts.push('no longer a default channel for new users');
  if (p.message_retention_days !== undefined) parts.push(retention(p.message_retention_days));
  if (typeof p.topics_policy === 'string') parts.push(`topics policy set to ${p.topics_policy}`);
  if (p.folder_id === null) parts.push('taken out of its folder');
  else if (typeof p.folder_id === 'number') parts.push(`moved to folder #${p.folder_id}`);
  for (const name of CHANNEL_PERMISSION_SETTINGS) {
    if (p[name] !== undefined) parts.push(`${quoted(CHANNEL_PERMISSION_LABELS[name])} changed`);
  }
  if (p.is_archived === false) parts.push('unarchived');
  return parts;
}

function sentence(parts: readonly string[]): string | null {
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** A deactivation with a clean-up says what the server deleted; a plain one needs no note. */
function deactivationNote(p: Params): string | null {
  const actions = typeof p.actions === 'object' && p.actions !== null ? (p.actions as Params) : null;
  const deleted = deletedInWords(actions);
  if (!deleted) return null;
  return `Deactivated, and the server deleted ${deleted}${p.deactivation_notification_comment !== undefined ? '; notified by email' : ''}.`;
}

/** "Home view and Color theme set for 312 people, except anyone who had changed them themselves." */
function settingsForUsersNote(p: Params): string | null {
  const target = p.target_users as { user_ids?: unknown[]; group_ids?: unknown[]; skip_if_already_edited?: boolean };
  const names = Object.keys(p).filter((name) => name !== 'target_users' && p[name] !== undefined);
  if (names.length === 0 || typeof target !== 'object' || target === null) return null;
  const labels = names.map(userSettingLabel);
  const what = labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)!}`;
  const people = target.user_ids?.length ?? 0;
  const groups = target.group_ids?.length ?? 0;
  const who = [
    people > 0 ? `${people} ${people === 1 ? 'person' : 'people'}` : null,
    groups > 0 ? `the members of ${groups} ${groups === 1 ? 'group' : 'groups'}` : null,
  ]
    .filter((part) => part !== null)
    .join(' and ');
  const skip = target.skip_if_already_edited
    ? `, except anyone who had changed ${names.length === 1 ? 'it' : 'them'} themselves`
    : '';
  return `${what} set for ${who}${skip}.`;
}

export function describeSvcChange(opId: string, p: Params): string | null {
  switch (opId) {
    case 'updateSettingsForUsers':
      return settingsForUsersNote(p);
    case 'updateChannel':
      return sentence(channelChanges(p));
    case 'archiveChannel':
      return 'Archived the channel.';
    case 'addDefaultChannel':
      return 'Made a default channel for new users.';
    case 'removeDefaultChannel':
      return 'Removed from the default channels for new users.';
    case 'createChannelFolder':
      return typeof p.name === 'string' ? `Created the channel folder ${quoted(p.name.trim())}.` : null;
    case 'updateChannelFolder': {
      const parts: string[] = [];
      if (typeof p.name === 'string') parts.push(`renamed to ${quoted(p.name.trim())}`);
      if (typeof p.description === 'string') parts.push('description changed');
      if (p.is_archived === true) parts.push('archived');
      if (p.is_archived === false) parts.push('unarchived');
      return sentence(parts.map((part, i) => (i === 0 ? `channel folder ${part}` : part)));
    }
    case 'reorderChannelFolders':
      return 'Reordered the channel folders.';
    case 'deactivateUser':
      return deactivationNote(p);
    case 'exportRealm':
      // The kind as sent: a word from level 449, a number (2: with consent) before it.
      return p.export_type === 'full_with_consent' || p.export_type === 2
        ? 'Requested a data export with the private data of those who consented.'
        : p.export_type === 'full_without_consent'
          ? 'Requested a full data export with everyone’s private data, without asking for consent.'
          : 'Requested a public data export.';
    case 'deleteRealmExport':
      return "Deleted the data export's file.";
    case 'addCodePlayground':
      return typeof p.name === 'string' && typeof p.pygments_language === 'string' && typeof p.url_template === 'string'
        ? `Added the code playground ${quoted(p.name.trim())} for ${p.pygments_language.trim()} code, opening ${p.url_template.trim()}.`
        : null;
    case 'removeCodePlayground':
      return 'Removed the code playground.';
    default:
      return null;
  }
}
