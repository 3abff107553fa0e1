/** Who sees a navigation entry; the server checks again (admin-only areas are refused there too). */
export type NavAudience = 'everyone' | 'members' | 'moderators' | 'admins';

export interface NavItem {
  to: string;
  label: string;
  audience?: NavAudience;
}

/** Navigation by area; only areas that exist are listed. */
export const navItems: readonly { area: string; items: readonly NavItem[] }[] = [
  {
    area: 'People',
    items: [
      { to: '/users', label: 'Users' },
      { to: '/users/bulk-runs', label: 'Bulk runs', audience: 'admins' },
      // The chat server refuses guests every user-group read.
      { to: '/groups', label: 'User groups', audience: 'members' },
      // The chat server refuses guests every invitation endpoint.
      { to: '/invitations', label: 'Invitations', audience: 'members' },
      { to: '/settings/profile-fields', label: 'Custom profile fields' },
      { to: '/settings/emoji', label: 'Custom emoji' },
    ],
  },
  {
    area: 'Conversations',
    items: [
      { to: '/channels', label: 'Channels' },
      // Members and guests have nothing to moderate here in an organization's usual settings: the page stays
      // reachable by its address (and says what they may do), but the navigation does not offer it.
      { to: '/topics', label: 'Topic moderation', audience: 'moderators' },
    ],
  },
  {
    area: 'Organization',
    items: [
      { to: '/settings/new-user-defaults', label: 'Defaults for new users', audience: 'moderators' },
      { to: '/settings/linkifiers', label: 'Linkifiers', audience: 'moderators' },
      // The chat server refuses every export and playground change to anyone but administrators.
      { to: '/settings/data', label: 'Data exports & playgrounds', audience: 'admins' },
      { to: '/audit', label: 'Audit', audience: 'admins' },
    ],
  },
  {
    area: 'Proxy',
    items: [
      { to: '/proxy/routes', label: 'Routes', audience: 'admins' },
      { to: '/proxy/certificates', label: 'Certificates', audience: 'admins' },
      { to: '/proxy/traffic', label: 'Traffic', audience: 'admins' },
    ],
  },
  {
    area: 'Me',
    items: [
      { to: '/me', label: 'My account' },
      { to: '/me/drafts', label: 'Drafts and snippets' },
    ],
  },
  {
    area: 'Server',
    items: [
      { to: '/server', label: 'Server & capabilities' },
      { to: '/webhooks', label: 'Outgoing webhooks', audience: 'admins' },
    ],
  },
];

/** The entries this role may see, areas without any left out. */
export function visibleNavItems(role: number | null): { area: string; items: readonly NavItem[] }[] {
  const most: Record<Exclude<NavAudience, 'everyone'>, number> = { members: 400, moderators: 300, admins: 200 };
  const allowed = (audience: NavAudience = 'everyone') =>
    audience === 'everyone' || (role !== null && role <= most[audience]);
  return navItems
    .map((group) => ({ area: group.area, items: group.items.filter((item) => allowed(item.audience)) }))
    .filter((group) => group.items.length > 0);
}
