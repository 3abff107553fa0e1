import { QueryClientProvider } from '@tanstack/react-query';
import { HOME_PATH } from '../shared/app-paths';
import { appQueryClient } from './app-query-client';
import { EntryFrame } from './entry-frame';
import { preloadRoute, shellModule } from './route-modules';
import { AppRouter } from './router';

export { startConsole } from './router';

/**
 * Evaluates the shell's and `path`'s page modules ahead of time (the sign-in page calls it while the password is
 * typed): after signing in, only rendering is left. A rejected import is retried by the router, which reports it.
 */
export function warmConsole(path: string): void {
  void shellModule().catch(() => undefined);
  preloadRoute(path === '/' ? HOME_PATH : path);
}

/** The signed-in console inside the frame: what the sign-in entry hands over to. */
export function ConsoleContent() {
  return (
    <QueryClientProvider client={appQueryClient}>
      <AppRouter />
    </QueryClientProvider>
  );
}

/** The signed-in console: what index.html's entry renders. */
export function ConsoleRoot() {
  return (
    <EntryFrame>
      <ConsoleContent />
    </EntryFrame>
  );
}
