import { SignInPage } from '../../features/auth/sign-in-page';

export function SignInRoute() {
  return <SignInPage />;
}
