import { appQueryClient } from '../app-query-client';
import { maybeSignedIn } from '../../client/session';
import { userSettingsDefaultsQueryOptions } from '../../features/realm-defaults/api/get-user-settings-defaults';
import { RealmDefaultsPage } from '../../features/realm-defaults/realm-defaults-page';

/** Starts the current defaults request as soon as the route matches. */
export function loader() {
  if (!maybeSignedIn(appQueryClient)) return null;
  void appQueryClient.prefetchQuery(userSettingsDefaultsQueryOptions());
  return null;
}

export function RealmDefaultsRoute() {
  return <RealmDefaultsPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { RealmDefaultsRoute as Component };
