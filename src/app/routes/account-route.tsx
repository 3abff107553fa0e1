import { AccountPage } from '../../features/account/account-page';

export function AccountRoute() {
  return <AccountPage />;
}
