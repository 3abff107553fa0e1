/** Navigation by area; only areas that exist are listed. */
export const navItems: readonly { area: string; items: readonly { to: string; label: string }[] }[] = [
  {
    area: 'People',
    items: [
      { to: '/users', label: 'Users' },
      { to: '/groups', label: 'User groups' },
    ],
  },
  { area: 'Conversations', items: [{ to: '/channels', label: 'Channels' }] },
  {
    area: 'Organization',
    items: [
      { to: '/settings/new-user-defaults', label: 'Defaults for new users' },
      { to: '/settings/linkifiers', label: 'Linkifiers' },
    ],
  },
  {
    area: 'Me',
    items: [
      { to: '/me', label: 'My account' },
      { to: '/me/drafts', label: 'Drafts and snippets' },
    ],
  },
  { area: 'Server', items: [{ to: '/server', label: 'Server & capabilities' }] },
];
