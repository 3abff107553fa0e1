import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';

export interface RenderWithProvidersOptions {
  /** Initial URL, e.g. `/users?q=mia`. */
  route?: string;
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /** The router's current location (URL state the UI wrote). */
  location: () => Location;
  /** The current search params, for asserting what filters put in the URL. */
  searchParams: () => URLSearchParams;
}

/** Like the app's client, but nothing retries and nothing outlives the test. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, gcTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

/**
 * The app's providers, recreated minimally (tests may not import the app shell): Mantine with modals and
 * notifications, a fresh react-query client, and an in-memory router starting at `route`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createTestQueryClient() }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  const probe: { current: Location | null } = { current: null };
  const onLocation = (location: Location) => {
    probe.current = location;
  };
  // The router is outermost so content opened through the modals manager can use router hooks too.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>
      <QueryClientProvider client={queryClient}>
        {/* "test" turns off transitions, so dialogs open and close without waiting on animations. */}
        <MantineProvider env="test">
          <ModalsProvider>
            <Notifications />
            <LocationProbe onLocation={onLocation} />
            {children}
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
  const result = render(ui, { wrapper });
  const location = () => {
    if (!probe.current) throw new Error('The router has not rendered yet.');
    return probe.current;
  };
  return {
    ...result,
    user: userEvent.setup(),
    queryClient,
    location,
    searchParams: () => new URLSearchParams(location().search),
  };
}
