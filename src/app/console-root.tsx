import { StrictMode } from 'react';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The signed-in console: what index.html's entry renders, and what the sign-in entry hands over to. */
export function ConsoleRoot() {
  return (
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>
  );
}
