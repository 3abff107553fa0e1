/**
 * The console's page addresses, written once: the router, the lazily loaded route modules (and the build that
 * reads them), the navigation and the first-load preloads (browser and BFF) all read this table.
 */
export const paths = {
  signIn: '/sign-in',
  users: '/users',
  bulkRuns: '/users/bulk-runs',
  groups: '/groups',
  channels: '/channels',
  topics: '/topics',
  audit: '/audit',
  proxyRoutes: '/proxy/routes',
  proxyCertificates: '/proxy/certificates',
  proxyTraffic: '/proxy/traffic',
  webhooks: '/webhooks',
  newUserDefaults: '/settings/new-user-defaults',
  linkifiers: '/settings/linkifiers',
  invitations: '/invitations',
  profileFields: '/settings/profile-fields',
  emoji: '/settings/emoji',
  organizationData: '/settings/data',
  drafts: '/me/drafts',
  account: '/me',
  server: '/server',
} as const;

export type PageName = keyof typeof paths;
export type PagePath = (typeof paths)[PageName];

/** Where the console's root address goes (the router's index route): the users page. */
export const HOME_PATH = paths.users;
