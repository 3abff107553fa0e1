import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appQueryClient } from './app-query-client';
import { ConsoleMantineProvider } from './console-mantine-provider';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const client = queryClient ?? appQueryClient;
  return (
    <QueryClientProvider client={client}>
      <ConsoleMantineProvider>
        {/* Modals and notifications belong to the signed-in shell (shell-route.tsx), off the sign-in route. */}
        {children}
      </ConsoleMantineProvider>
    </QueryClientProvider>
  );
}
