import { RealmDefaultsPage } from '../../features/realm-defaults/realm-defaults-page';

export function RealmDefaultsRoute() {
  return <RealmDefaultsPage />;
}
