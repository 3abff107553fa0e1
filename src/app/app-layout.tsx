import { AppShell, Badge, Burger, Group, NavLink as MantineNavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useSession } from '../client/session';
import { SkippedRecordsBanner } from '../components/skipped-records-banner';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LiveIndicator } from './live-indicator';
import { navAreaNote, navItemMatchesExactly, visibleNavItems } from './nav-items';
import { preloadRouteData } from './route-data';
import { liveSyncModule, preloadRoute } from './route-modules';
import classes from './app-layout.module.css';
import { UserMenu } from './user-menu';

// The event map pulls in every feature's handlers and their schemas: a chunk of its own, off the shell.
const LiveSync = lazy(async () => ({ default: (await liveSyncModule()).LiveSync }));

/** An area's heading in the navigation, with its note ("Not configured") when there is one. */
function AreaHeading({ area, note }: { area: string; note: string | null }) {
  return (
    <Group gap={6} px="sm" pt="sm" pb={4} wrap="nowrap">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {area}
      </Text>
      {note ? (
        <Badge size="xs" color="gray" variant="outline">
          {note}
        </Badge>
      ) : null}
    </Group>
  );
}

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const { data } = useSession();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        {/* The first Tab stop: past the header and the navigation, straight to the page. */}
        <a href="#main-content" className={classes.skipLink}>
          Skip to content
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          {/* Below sm (phones) the organization's name is left out and the product name keeps one line; on a
              screen too narrow even for that the name is cut short, never the live status beside it. */}
          <Group gap="sm" wrap="nowrap" className={classes.brand}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={1} size="h4" className={classes.title}>
              Realm Console
            </Title>
            {data?.server ? (
              <Text size="sm" c="dimmed" visibleFrom="sm" truncate className={classes.realm}>
                {data.server.realmName}
              </Text>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap" className={classes.status}>
            <LiveIndicator />
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          {visibleNavItems(data?.user?.role ?? null).map((group) => (
            <div key={group.area}>
              <AreaHeading area={group.area} note={navAreaNote(group, data)} />
              {group.items.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={navItemMatchesExactly(item.to)}
                  // Only when open: a state update that changes nothing is still queued on this component's
                  // hook until it renders again, and the layout rarely does, so every click added one for good.
                  onClick={opened ? close : undefined}
                  // The page's chunk starts loading on hover or keyboard focus, before the click.
                  onMouseEnter={() => preloadRoute(item.to)}
                  onFocus={() => preloadRoute(item.to)}
                  // Its data when the mouse button goes down: the click that navigates comes on release (a
                  // click with Ctrl or ⌘ opens a new tab instead, which loads its own; a touch may be a scroll).
                  onPointerDown={(event) => {
                    if (event.pointerType === 'mouse' && event.button === 0 && !event.ctrlKey && !event.metaKey)
                      preloadRouteData(item.to);
                  }}
                  style={{ textDecoration: 'none', color: 'inherit' }}
                >
                  {({ isActive }) => <MantineNavLink component="span" label={item.label} active={isActive} />}
                </NavLink>
              ))}
            </div>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Suspense fallback={null}>
          <LiveSync />
        </Suspense>
        <SkippedRecordsBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
