import { paths } from '../shared/app-paths';

/** Who sees a navigation entry; the server checks again (admin-only areas are refused there too). */
export type NavAudience = 'everyone' | 'members' | 'moderators' | 'admins';

export interface NavItem {
  to: string;
  label: string;
  audience?: NavAudience;
}

export interface NavArea {
  area: string;
  items: readonly NavItem[];
  /** An area that works only when the console is set up for it (the proxy area needs a dashboard). */
  requires?: 'proxy';
}

/** Navigation by area; only areas that exist are listed. */
export const navItems: readonly NavArea[] = [
  {
    area: 'People',
    items: [
      { to: paths.users, label: 'Users' },
      { to: paths.bulkRuns, label: 'Bulk runs', audience: 'admins' },
      // The chat server refuses guests every user-group read.
      { to: paths.groups, label: 'User groups', audience: 'members' },
      // The chat server refuses guests every invitation endpoint.
      { to: paths.invitations, label: 'Invitations', audience: 'members' },
      { to: paths.profileFields, label: 'Custom profile fields' },
      { to: paths.emoji, label: 'Custom emoji' },
    ],
  },
  {
    area: 'Conversations',
    items: [
      { to: paths.channels, label: 'Channels' },
      // Members and guests have nothing to moderate here in an organization's usual settings: the page stays
      // reachable by its address (and says what they may do), but the navigation does not offer it.
      { to: paths.topics, label: 'Topic moderation', audience: 'moderators' },
    ],
  },
  {
    area: 'Organization',
    items: [
      { to: paths.newUserDefaults, label: 'Defaults for new users', audience: 'moderators' },
      { to: paths.linkifiers, label: 'Linkifiers', audience: 'moderators' },
      // The chat server refuses every export and playground change to anyone but administrators.
      { to: paths.organizationData, label: 'Data exports & playgrounds', audience: 'admins' },
      { to: paths.audit, label: 'Audit', audience: 'admins' },
    ],
  },
  {
    area: 'Proxy',
    requires: 'proxy',
    items: [
      { to: paths.proxyRoutes, label: 'Routes', audience: 'admins' },
      { to: paths.proxyCertificates, label: 'Certificates', audience: 'admins' },
      { to: paths.proxyTraffic, label: 'Traffic', audience: 'admins' },
    ],
  },
  {
    area: 'Me',
    items: [
      { to: paths.account, label: 'My account' },
      { to: paths.drafts, label: 'Drafts and snippets' },
    ],
  },
  {
    area: 'Server',
    items: [
      { to: paths.server, label: 'Server & capabilities' },
      { to: paths.webhooks, label: 'Outgoing webhooks', audience: 'admins' },
    ],
  },
];

/** The entries this role may see, areas without any left out. */
export function visibleNavItems(role: number | null): NavArea[] {
  const most: Record<Exclude<NavAudience, 'everyone'>, number> = { members: 400, moderators: 300, admins: 200 };
  const allowed = (audience: NavAudience = 'everyone') =>
    audience === 'everyone' || (role !== null && role <= most[audience]);
  return navItems
    .map((group) => ({ ...group, items: group.items.filter((item) => allowed(item.audience)) }))
    .filter((group) => group.items.length > 0);
}

/**
 * Whether an entry is highlighted on its own address only: when another entry lives under it (Users and Bulk
 * runs), so one page never lights two entries; otherwise its sub-pages (one bulk run's page) keep it highlighted.
 */
export function navItemMatchesExactly(to: string): boolean {
  return navItems.some((group) => group.items.some((item) => item.to.startsWith(`${to}/`)));
}

/**
 * A note beside an area's heading when the console is not set up for it ("Not configured" for the proxy area
 * without a dashboard); null otherwise, and while the session does not say (an older BFF leaves it out).
 */
export function navAreaNote(group: NavArea, session: { proxyConfigured?: boolean } | undefined): string | null {
  return group.requires === 'proxy' && session?.proxyConfigured === false ? 'Not configured' : null;
}
