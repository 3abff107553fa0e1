/**
 * The console's pages, each written once: its address (and the parameters and query the address may carry),
 * what it is called, where the navigation lists it and for whom, what a first load or a navigation to it
 * starts early, and which chat events keep it current. Everything else is derived from this table: the paths
 * and `href` builders (app-paths.ts), the router, the navigation, the route preloads (browser and BFF) and
 * the event types the BFF subscribes to (svc-events.ts). The page's code itself is named in one more table,
 * src/app/route-modules.ts, whose type requires an entry for every page here. Here, in shared/, because the
 * BFF reads the addresses too (first-load preloads); nothing here imports the browser's code.
 */

/** Who sees a navigation entry; the server checks again (admin-only areas are refused there too). */
export type NavAudience = 'everyone' | 'members' | 'moderators' | 'admins';

/** The navigation's areas, in the order it shows them. */
export const NAV_SECTIONS = ['People', 'Conversations', 'Organization', 'Proxy', 'Me', 'Server'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export interface PageSpec {
  /** The address, without parameters. */
  readonly path: `/${string}`;
  /** An optional last segment (`/users/bulk-runs/:runId?`). */
  readonly param?: string;
  /** Query parameters other pages may link with (`/channels?channel=12`). */
  readonly search?: readonly string[];
  /** What the page is called: its heading, and its navigation entry unless `nav.label` says otherwise. */
  readonly title: string;
  /** Where the navigation lists it; a page without is reachable only by its address or links. */
  readonly nav?: { readonly section: NavSection; readonly label?: string; readonly audience?: NavAudience };
  /**
   * What starts before the page's own code runs: `usersList` — the 10,000-user list, named in the BFF's preload
   * header on a first load and asked for by a static loader in the router; `loader` — the page's route module
   * exports a `loader` the router runs on navigation (and the navigation on a button press).
   */
  readonly preload?: 'usersList' | 'loader';
  /**
   * The chat events that keep the page current. `events` are subscribed to; when the page has no precise
   * handlers of its own (a feature's live-events.ts), `refetch` names the first element of its query keys, and
   * every query under it is refetched when one of the events arrives.
   */
  readonly live?: { readonly events: readonly string[]; readonly refetch?: string };
  /** Outside the signed-in shell (sign-in only). */
  readonly public?: true;
}

const page = <const P extends PageSpec>(spec: P): P => spec;

/** Every page, in the navigation's order within each area. */
export const pages = {
  signIn: page({ path: '/sign-in', title: 'Sign in', search: ['next'], public: true }),
  // People
  users: page({
    path: '/users',
    title: 'Users',
    nav: { section: 'People' },
    preload: 'usersList',
    live: { events: ['realm_user', 'user_status'] },
  }),
  bulkRuns: page({
    path: '/users/bulk-runs',
    param: 'runId',
    title: 'Bulk runs',
    nav: { section: 'People', audience: 'admins' },
  }),
  // The chat server refuses guests every user-group read.
  groups: page({
    path: '/groups',
    search: ['group'],
    title: 'User groups',
    nav: { section: 'People', audience: 'members' },
    preload: 'loader',
    live: { events: ['user_group'] },
  }),
  // The chat server refuses guests every invitation endpoint.
  invitations: page({
    path: '/invitations',
    title: 'Invitations',
    nav: { section: 'People', audience: 'members' },
    live: { events: ['invites_changed'] },
  }),
  profileFields: page({
    path: '/settings/profile-fields',
    title: 'Custom profile fields',
    nav: { section: 'People' },
    live: { events: ['custom_profile_fields'] },
  }),
  emoji: page({
    path: '/settings/emoji',
    title: 'Custom emoji',
    nav: { section: 'People' },
    live: { events: ['realm_emoji'] },
  }),
  // Conversations
  channels: page({
    path: '/channels',
    search: ['channel'],
    title: 'Channels',
    nav: { section: 'Conversations' },
    preload: 'loader',
    live: { events: ['stream', 'subscription', 'default_streams', 'channel_folder'] },
  }),
  // Members and guests have nothing to moderate here in an organization's usual settings: the page stays
  // reachable by its address (and says what they may do), but the navigation does not offer it.
  topics: page({
    path: '/topics',
    title: 'Topic moderation',
    nav: { section: 'Conversations', audience: 'moderators' },
    preload: 'loader',
    live: { events: ['update_message', 'delete_message'] },
  }),
  // Organization
  newUserDefaults: page({
    path: '/settings/new-user-defaults',
    title: 'Defaults for new users',
    nav: { section: 'Organization', audience: 'moderators' },
    preload: 'loader',
    live: { events: ['realm_user_settings_defaults'] },
  }),
  linkifiers: page({
    path: '/settings/linkifiers',
    title: 'Linkifiers',
    nav: { section: 'Organization', audience: 'moderators' },
    live: { events: ['realm_linkifiers'] },
  }),
  // The chat server refuses every export and playground change to anyone but administrators.
  organizationData: page({
    path: '/settings/data',
    title: 'Data exports & playgrounds',
    nav: { section: 'Organization', audience: 'admins' },
    live: { events: ['realm_export', 'realm_playgrounds'] },
  }),
  audit: page({ path: '/audit', title: 'Audit', nav: { section: 'Organization', audience: 'admins' } }),
  // Proxy
  proxyRoutes: page({
    path: '/proxy/routes',
    search: ['route'],
    title: 'Proxy routes',
    nav: { section: 'Proxy', label: 'Routes', audience: 'admins' },
  }),
  proxyCertificates: page({
    path: '/proxy/certificates',
    title: 'Proxy certificates',
    nav: { section: 'Proxy', label: 'Certificates', audience: 'admins' },
  }),
  proxyTraffic: page({
    path: '/proxy/traffic',
    title: 'Proxy traffic',
    nav: { section: 'Proxy', label: 'Traffic', audience: 'admins' },
  }),
  // Me
  account: page({
    path: '/me',
    title: 'My account',
    nav: { section: 'Me' },
    live: { events: ['user_settings', 'subscription'] },
  }),
  drafts: page({
    path: '/me/drafts',
    title: 'Drafts and snippets',
    nav: { section: 'Me' },
    live: { events: ['drafts', 'saved_snippets'] },
  }),
  alertWords: page({
    path: '/me/alert-words',
    title: 'Alert words',
    nav: { section: 'Me' },
    live: { events: ['alert_words'], refetch: 'alert-words' },
  }),
  // Server
  server: page({ path: '/server', title: 'Server & capabilities', nav: { section: 'Server' } }),
  webhooks: page({
    path: '/webhooks',
    title: 'Outgoing webhooks',
    nav: { section: 'Server', audience: 'admins' },
  }),
} as const satisfies Record<string, PageSpec>;

export type PageName = keyof typeof pages;
/** The pages inside the signed-in shell: every one has a route module. */
export type ShellPageName = { [N in PageName]: (typeof pages)[N] extends { public: true } ? never : N }[PageName];
