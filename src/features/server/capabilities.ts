import { FEATURE_LEVELS, type Feature } from '../../shared/svc/features';

/** What each gated capability means to an admin; keyed by the shared table, so none can be missed. */
const CAPABILITY_LABELS: Record<Feature, string> = {
  archivedChannelReads: 'Read details, subscribers and topics of archived channels',
  paragraphFieldSummary: 'Paragraph profile fields on the profile card',
  linkifierAlternativeUrls: 'Linkifier alternative URL templates (read by the reverse template)',
  linkifierReverse: 'Linkifier example input and reverse templates',
  deactivationActions: 'Deactivate a spam account and delete its messages',
  profileFieldUserMatching: 'Profile fields used to match people when typing a name',
  exportWithoutConsent: "Full data exports without people's consent (where the organization allows it)",
  settingsForExistingUsers: 'Apply a default setting to existing users',
  canCreateTopicGroup: 'Who may start new topics in a channel',
  importedStubs: 'Imported accounts that never signed in shown as such',
  inboxChannelFolders: 'Default setting: channel folders in the inbox',
  channelSubscriberCount: 'Subscriber counts from the channel record',
  channelCreate: 'Create channels with permission settings',
  channelFolders: 'Channel folders',
  editContentGuard: 'Refuse a message edit that races another edit',
  e2eeTestNotification: 'Send a test push notification (E2EE)',
  adminSetUserStatus: "Set another user's status",
  groupSubgroupsOnDeactivated: 'Edit subgroups of deactivated groups',
  groupReactivation: 'Reactivate user groups',
  groupDeactivation: 'Deactivate user groups',
  groupMembershipReads: 'Read group members and subgroups one group at a time',
  snippetEdit: 'Edit saved snippets',
  canResolveTopicsGroup: 'Resolve-topics permission group',
  denseModeRemoved: 'Dense mode replaced by font size and line height',
  emptyTopics: 'Empty-string ("general chat") topics',
  realEmailLookup: 'Look up users by their real email',
  messageIds: 'Fetch messages by ID',
  savedSnippets: 'Saved snippets',
  userStatusGet: "Read a user's status",
  deleteTopicComplete: 'Topic deletion reports completion',
  linkifierUrlTemplate: 'Linkifiers with URL templates (RFC 6570)',
  ignoredParametersUnsupported: 'Reports ignored parameters',
  deliveryEmailAlwaysPresent: 'Real email field always present',
  linkifierReorder: 'Reorder linkifiers',
  flagsForNarrow: 'Mark a whole topic read in windows',
  linkifierEdit: 'Edit linkifiers in place',
  linkifierList: 'List linkifiers',
  inviteWelcomeMessage: 'Invitations with a custom welcome message',
  inviteDefaultChannelsForAnyInviter: 'Invite to default channels without subscribe permission',
  inviteGroups: 'Invitations that add the new member to groups',
  profileFieldEditableByUser: 'Profile fields only admins may edit',
  inviteIncludeDefaultChannels: 'Invitations that include default channels',
  profileFieldRequired: 'Required profile fields',
  profileFieldPronouns: 'Pronouns profile field type',
  profileFieldSummary: 'Profile fields shown on the user card',
  exportType: 'Data exports with the private data of those who consented',
  exportConsents: 'List who consented to exporting their private data',
  privateDataExportConsent: 'Consent to your private data in data exports, in My account',
  playgroundUrlTemplate: 'Add code playgrounds with URL templates',
  playgrounds: 'Code playgrounds',
};

export interface CapabilityRow {
  feature: Feature;
  label: string;
  level: number;
  available: boolean;
}

/** Every capability the console gates, newest requirement first. */
export function capabilityRows(serverLevel: number): CapabilityRow[] {
  return (Object.keys(FEATURE_LEVELS) as Feature[])
    .map((feature) => ({
      feature,
      label: CAPABILITY_LABELS[feature],
      level: FEATURE_LEVELS[feature],
      available: serverLevel >= FEATURE_LEVELS[feature],
    }))
    .sort((a, b) => b.level - a.level);
}
