import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { adoptSession, useSession } from '../../client/session';
import type { SessionInfo } from '../../shared/bff/protocol';
import { SignInPage } from '../../features/auth/sign-in-page';
import { safeNextPath } from '../../features/auth/safe-next-path';

/**
 * The sign-in page inside the console's router: reached when a signed-in page finds the session gone (a
 * fresh visit to /sign-in gets sign-in.html and its own entry instead, sign-in-main.tsx).
 */
export function SignInRoute() {
  const { data, isError } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const next = safeNextPath(params.get('next'));
  const onSignedIn = useCallback(
    (info: SessionInfo) => {
      adoptSession(client, info);
      void navigate(next, { replace: true });
    },
    [client, navigate, next],
  );
  if (data?.user) return <Navigate to={next} replace />;
  return <SignInPage session={isError ? null : data} onSignedIn={onSignedIn} />;
}
