/**
 * What the console makes of each change of the chat API after level 372 (the official changelog, read up to
 * NEWEST_KNOWN_LEVEL). The server page reads it to say what a newer server offers that the console does not,
 * and a test holds it against the catalog so a capability marked offered is one the console gates.
 */
import type { ApiChangeId } from './api-changes';
import type { Feature } from './features';

/** The newest feature level whose changelog the console has been checked against (Zulip 12.0-beta1). */
export const NEWEST_KNOWN_LEVEL = 489;

/**
 * - `spelled`: a rename or retype the console follows both ways (api-changes.ts);
 * - `offered`: a capability the console offers, gated by its level (features.ts);
 * - `followed`: nothing to offer, but the console reads it right (an event, a field it does not rely on);
 * - `not-offered`: a capability the console leaves to other clients, with why.
 */
export type Coverage =
  | { status: 'spelled'; change: ApiChangeId }
  | { status: 'offered'; feature: Feature }
  | { status: 'followed'; how: string }
  | { status: 'not-offered'; why: string };

export interface LevelChange {
  /** The level(s) of the changelog entry, as the reference page lists them. */
  levels: readonly number[];
  /** In words, for an admin. */
  what: string;
  coverage: Coverage;
}

export const LEVEL_CHANGES: readonly LevelChange[] = [
  { levels: [449], what: 'Data export types as words', coverage: { status: 'spelled', change: 'exportTypeWords' } },
  {
    levels: [454],
    what: 'The "Recent conversations" home view',
    coverage: { status: 'spelled', change: 'homeViewRecent' },
  },
  { levels: [468], what: 'The push test names a device', coverage: { status: 'spelled', change: 'pushTestDevice' } },
  {
    levels: [472],
    what: 'Uploads an edit left behind name their messages by ID',
    coverage: { status: 'spelled', change: 'attachmentMessageIds' },
  },
  { levels: [443], what: 'Upload times in seconds', coverage: { status: 'spelled', change: 'attachmentSeconds' } },
  {
    levels: [426, 427],
    what: 'Zephyr mirroring flag gone; the channel creator default group renamed',
    coverage: { status: 'spelled', change: 'channelCreatorDefault' },
  },
  {
    levels: [487],
    what: "One user's presence in the modern format only",
    coverage: { status: 'followed', how: 'The console reads presence organization-wide, whose format did not change.' },
  },
  {
    levels: [474, 461],
    what: 'Fields removed from bot records in the register state and bot events',
    coverage: { status: 'followed', how: 'The console reads bots from the users list, whose records did not change.' },
  },
  {
    levels: [377, 428],
    what: 'Deactivating a user removes them from channel subscriber lists live',
    coverage: { status: 'followed', how: 'Subscriber lists refetch on every subscription event.' },
  },
  {
    levels: [378],
    what: 'Archiving a channel sends an update to clients that declare archived channels',
    coverage: { status: 'followed', how: 'Channel lists refetch on a channel deletion as on an update.' },
  },
  {
    levels: [379],
    what: 'Refuse an edit that races another edit',
    coverage: { status: 'offered', feature: 'editContentGuard' },
  },
  {
    levels: [386, 391],
    what: 'Reactivate user groups; edit deactivated ones',
    coverage: { status: 'offered', feature: 'groupReactivation' },
  },
  {
    levels: [388, 389, 414, 418],
    what: 'Unarchive channels; channel folders and their order',
    coverage: { status: 'offered', feature: 'channelFolders' },
  },
  {
    levels: [392, 404],
    what: 'Per-channel "general chat" topic policy',
    coverage: { status: 'followed', how: 'Shown and set in channel settings where the server lists it.' },
  },
  {
    levels: [394],
    what: 'Subscriber counts on channel records',
    coverage: { status: 'offered', feature: 'channelSubscriberCount' },
  },
  {
    levels: [396, 402, 407],
    what: 'Per-channel groups for moving, resolving and deleting messages',
    coverage: { status: 'followed', how: 'Channel settings show every per-channel permission the server lists.' },
  },
  { levels: [407], what: "Set another user's status", coverage: { status: 'offered', feature: 'adminSetUserStatus' } },
  {
    levels: [416],
    what: 'A welcome message on invitations and invite links',
    coverage: { status: 'offered', feature: 'inviteWelcomeMessage' },
  },
  {
    levels: [417],
    what: 'Create channels with permission settings',
    coverage: { status: 'offered', feature: 'channelCreate' },
  },
  {
    levels: [431],
    what: 'Default setting: channel folders in the inbox',
    coverage: { status: 'offered', feature: 'inboxChannelFolders' },
  },
  {
    levels: [433],
    what: 'Imported accounts that never signed in',
    coverage: { status: 'offered', feature: 'importedStubs' },
  },
  {
    levels: [438, 449],
    what: 'A full data export without consent',
    coverage: { status: 'offered', feature: 'exportWithoutConsent' },
  },
  {
    levels: [441],
    what: 'Who may start new topics in a channel',
    coverage: { status: 'offered', feature: 'canCreateTopicGroup' },
  },
  {
    levels: [444],
    what: 'Apply a default setting to existing users',
    coverage: { status: 'offered', feature: 'settingsForExistingUsers' },
  },
  {
    levels: [455],
    what: 'Profile fields used to match people when typing a name',
    coverage: { status: 'offered', feature: 'profileFieldUserMatching' },
  },
  {
    levels: [459],
    what: 'Deactivate a spam account and delete its messages',
    coverage: { status: 'offered', feature: 'deactivationActions' },
  },
  {
    levels: [464],
    what: 'The organization description arrives as a several-field update',
    coverage: { status: 'followed', how: 'Both kinds of organization update are applied.' },
  },
  {
    levels: [471, 478],
    what: 'Linkifier example input, reverse template and alternative URL templates',
    coverage: { status: 'offered', feature: 'linkifierReverse' },
  },
  {
    levels: [475],
    what: 'The join date of imported and API-made accounts is set at first sign-in',
    coverage: { status: 'followed', how: 'User records refetch on every user update event.' },
  },
  {
    levels: [476],
    what: 'Paragraph profile fields on the profile card',
    coverage: { status: 'offered', feature: 'paragraphFieldSummary' },
  },
  {
    levels: [477],
    what: 'A system group of workplace users, for billing',
    coverage: { status: 'not-offered', why: 'Billing is managed in the chat server itself, not in this console.' },
  },
  {
    levels: [480],
    what: 'Details, subscribers and topics of archived channels',
    coverage: { status: 'offered', feature: 'archivedChannelReads' },
  },
  {
    levels: [446, 489],
    what: 'Search operators for mentions and archived channels',
    coverage: { status: 'not-offered', why: 'The console has no message search across channels.' },
  },
];

/** What the server page says of a server above NEWEST_KNOWN_LEVEL, or null at or below it. */
export function newerThanKnown(level: number): string | null {
  if (level <= NEWEST_KNOWN_LEVEL) return null;
  return (
    `This server (feature level ${level}) is newer than this console has been checked against (level ` +
    `${NEWEST_KNOWN_LEVEL}). The console speaks to it as to a level-${NEWEST_KNOWN_LEVEL} server.`
  );
}
