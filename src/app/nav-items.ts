/** Navigation by area; only areas that exist are listed. */
export const navItems: readonly { area: string; items: readonly { to: string; label: string }[] }[] = [
  { area: 'People', items: [{ to: '/users', label: 'Users' }] },
];
