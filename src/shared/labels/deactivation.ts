import { chosenActions, type DeactivationAction } from '../svc/deactivation';

/** Each clean-up action of a deactivation as the dialog offers it. */
export const DEACTIVATION_ACTION_LABELS: Readonly<Record<DeactivationAction, string>> = {
  delete_public_channel_messages: 'Delete their messages in public channels',
  delete_private_channel_messages: 'Delete their messages in private channels',
  delete_direct_messages: 'Delete their direct messages',
  delete_profile: 'Delete their profile',
};

/** What each action does, in the server's own terms (the API documentation's). */
export const DEACTIVATION_ACTION_DETAILS: Readonly<Record<DeactivationAction, string>> = {
  delete_public_channel_messages: 'Every message they sent to a public channel.',
  delete_private_channel_messages: 'Every message they sent to a private channel, including ones you cannot read.',
  delete_direct_messages: 'Every direct message they sent, one-to-one and in groups.',
  delete_profile: 'Renames them “Deleted user” and removes their profile picture.',
};

/** What was deleted, as the object of a sentence. */
const DELETED: Readonly<Record<DeactivationAction, string>> = {
  delete_public_channel_messages: 'their messages in public channels',
  delete_private_channel_messages: 'their messages in private channels',
  delete_direct_messages: 'their direct messages',
  delete_profile: 'their profile (name and picture)',
};

/** "a", "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

/** The chosen clean-up as the object of "deleted …"; empty when nothing is chosen. */
export function deletedInWords(actions: Partial<Record<DeactivationAction, unknown>> | null | undefined): string {
  return listInWords(chosenActions(actions).map((action) => DELETED[action]));
}
