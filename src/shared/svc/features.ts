/**
 * Minimum `svc_feature_level` per capability the console gates on. One table, so the UI's
 * "needs level N" messages and the BFF/simulator agree.
 */
export const FEATURE_LEVELS = {
  /** Zulip 11 and 12 (levels 394–480): see level-coverage.ts for the whole changelog and api-changes.ts for renames. */
  archivedChannelReads: 480,
  paragraphFieldSummary: 476,
  linkifierAlternativeUrls: 478,
  linkifierReverse: 471,
  deactivationActions: 459,
  profileFieldUserMatching: 455,
  exportWithoutConsent: 449,
  settingsForExistingUsers: 444,
  canCreateTopicGroup: 441,
  importedStubs: 433,
  inboxChannelFolders: 431,
  channelSubscriberCount: 394,
  channelCreate: 417,
  channelFolders: 389,
  /** `prev_content_sha256` on a message edit: older servers ignore it (and say so in ignored_parameters_unsupported). */
  editContentGuard: 379,
  e2eeTestNotification: 420,
  adminSetUserStatus: 407,
  groupSubgroupsOnDeactivated: 391,
  groupReactivation: 386,
  groupDeactivation: 290,
  groupMembershipReads: 127,
  snippetEdit: 368,
  canResolveTopicsGroup: 367,
  denseModeRemoved: 364,
  emptyTopics: 334,
  realEmailLookup: 302,
  messageIds: 300,
  savedSnippets: 297,
  userStatusGet: 262,
  linkifierReorder: 202,
  flagsForNarrow: 155,
  deleteTopicComplete: 211,
  linkifierUrlTemplate: 176,
  ignoredParametersUnsupported: 167,
  deliveryEmailAlwaysPresent: 163,
  linkifierEdit: 57,
  linkifierList: 54,
  /** Invitations and people administration. */
  inviteWelcomeMessage: 416,
  inviteDefaultChannelsForAnyInviter: 342,
  inviteGroups: 322,
  profileFieldEditableByUser: 296,
  inviteIncludeDefaultChannels: 261,
  profileFieldRequired: 244,
  profileFieldPronouns: 151,
  profileFieldSummary: 146,
  /** Organization data: data exports and code playgrounds. */
  exportType: 304,
  exportConsents: 295,
  /** A person's own consent to private data in exports (`allow_private_data_export` in PATCH /settings). */
  privateDataExportConsent: 293,
  playgroundUrlTemplate: 196,
  playgrounds: 49,
} as const;

export type Feature = keyof typeof FEATURE_LEVELS;

/** Reads the level from a server-settings-like record: `svc_*` first, then the brand spelling. Absent → 0. */
export function featureLevelOf(settings: Record<string, unknown> | null | undefined): number {
  if (!settings) return 0;
  for (const key of ['svc_feature_level', 'zulip_feature_level']) {
    const v = settings[key];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  }
  return 0;
}

export function versionOf(settings: Record<string, unknown> | null | undefined): string | null {
  if (!settings) return null;
  for (const key of ['svc_version', 'zulip_version']) {
    const v = settings[key];
    if (typeof v === 'string') return v;
  }
  return null;
}

export function supports(level: number, feature: Feature): boolean {
  return level >= FEATURE_LEVELS[feature];
}

/** The sentence a disabled control shows. */
export function featureGateReason(level: number, feature: Feature): string | null {
  const need = FEATURE_LEVELS[feature];
  return level >= need ? null : `Needs a newer chat server: feature level ${need}, this one is at ${level}.`;
}
