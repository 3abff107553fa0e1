import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../client/session';
import { href } from '../shared/app-paths';
import { useEndedSessionsNotice } from './ended-sessions-notice';

/** Unauthenticated visitors go to sign-in, which sends them back to the page they asked for. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  useEndedSessionsNotice(data);
  if (isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading the console" />
      </Center>
    );
  }
  if (!data?.user) {
    const next = location.pathname + location.search;
    return <Navigate to={href('signIn', { search: { next } })} replace />;
  }
  return children;
}
