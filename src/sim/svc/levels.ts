/**
 * Feature levels at which the server's behaviour changed, as the simulator knows them (from the API
 * changelog and what real servers of each level answer). The simulator's own table: the console keeps its own.
 */
export const SIM_LEVELS = {
  linkifierList: 54,
  linkifierEdit: 57,
  userSettingsDefaultsEndpoint: 96,
  groupMembershipReads: 127,
  flagsForNarrow: 155,
  deliveryEmailAlwaysPresent: 163,
  ignoredParametersUnsupported: 167,
  linkifierUrlTemplate: 176,
  linkifierReorder: 202,
  deleteTopicComplete: 211,
  channelOperator: 250,
  userStatusGet: 262,
  groupDeactivation: 290,
  savedSnippets: 297,
  messageIds: 300,
  realEmailLookup: 302,
  emptyTopics: 334,
  canResolveTopicsGroup: 367,
  snippetEdit: 368,
  editContentGuard: 379,
  groupReactivation: 386,
  channelFolders: 389,
  groupSubgroupsOnDeactivated: 391,
  getUsersByIds: 384,
  adminSetUserStatus: 407,
  channelCreate: 417,
  e2eeTestNotification: 420,
  deactivationComment: 135,
} as const;
