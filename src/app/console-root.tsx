import { StrictMode } from 'react';
import { adoptSession } from '../client/session';
import type { SessionInfo } from '../shared/bff/protocol';
import { appQueryClient } from './app-query-client';
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

/** Stores a session signed in outside the console (sign-in-main.tsx) before the console renders with it. */
export function adoptSignedInSession(info: SessionInfo) {
  adoptSession(appQueryClient, info);
}
