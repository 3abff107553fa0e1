// The full Mantine stylesheet comes with the shell, not the entry: the sign-in route ships only the
// component styles it uses (see main.tsx). Loaded after the entry's subset, it re-applies the same rules in
// Mantine's own order, so every feature page is styled exactly as with a single global import.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { AppLayout } from './app-layout';
import { RequireAuth } from './require-auth';

/** The signed-in console: its own chunk, so the sign-in route never downloads the shell. */
export function ShellRoute() {
  return (
    <ModalsProvider>
      {/* Bottom right: clear of the header's controls and the drawers' close buttons at the top. */}
      <Notifications position="bottom-right" />
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    </ModalsProvider>
  );
}
