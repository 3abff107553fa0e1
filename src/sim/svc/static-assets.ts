import { escapeHtml } from './markdown';

/** The realm's square logo, served by the simulator so the demo needs no network. */
export const REALM_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<rect width="128" height="128" rx="24" fill="#4f46e5"/>
<path d="M32 40h64v40H60l-16 14V80H32z" fill="#fff"/>
<circle cx="50" cy="60" r="5" fill="#4f46e5"/><circle cx="64" cy="60" r="5" fill="#4f46e5"/><circle cx="78" cy="60" r="5" fill="#4f46e5"/>
</svg>`;

const AVATAR_COLORS = ['#0ea5e9', '#22c55e', '#f97316', '#a855f7', '#ef4444', '#14b8a6', '#eab308', '#64748b'];

/** An uploaded-avatar stand-in: the user's initials on a colour derived from the ID. */
export function avatarSvg(userId: number, fullName: string): string {
  const initials =
    fullName
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?';
  const color = AVATAR_COLORS[userId % AVATAR_COLORS.length] ?? '#64748b';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
<rect width="100" height="100" fill="${color}"/>
<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="40" fill="#fff">${escapeHtml(initials)}</text>
</svg>`;
}
