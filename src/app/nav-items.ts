import { NAV_SECTIONS, pages, type NavAudience, type NavSection, type PageSpec } from '../shared/pages';

export type { NavAudience } from '../shared/pages';

export interface NavItem {
  to: string;
  label: string;
  audience?: NavAudience;
}

export interface NavArea {
  area: NavSection;
  items: readonly NavItem[];
  /** An area that works only when the console is set up for it (the proxy area needs a dashboard). */
  requires?: 'proxy';
}

/** Areas that need part of the console's configuration. */
const SECTION_REQUIRES: Partial<Record<NavSection, 'proxy'>> = { Proxy: 'proxy' };

/** Navigation by area, from the page registry (src/shared/pages.ts); only areas with a page are listed. */
export const navItems: readonly NavArea[] = NAV_SECTIONS.map((area): NavArea => {
  const items = Object.values(pages).flatMap((page: PageSpec): NavItem[] =>
    page.nav?.section === area
      ? [
          {
            to: page.path,
            label: page.nav.label ?? page.title,
            ...(page.nav.audience ? { audience: page.nav.audience } : {}),
          },
        ]
      : [],
  );
  const requires = SECTION_REQUIRES[area];
  return requires ? { area, items, requires } : { area, items };
}).filter((area) => area.items.length > 0);

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
