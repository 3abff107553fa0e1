import { AccountPage } from '../../features/account/account-page';

export function AccountRoute() {
  return <AccountPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { AccountRoute as Component };
