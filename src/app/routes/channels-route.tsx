import { appQueryClient } from '../app-query-client';
import { maybeSignedIn, sessionQueryOptions } from '../../client/session';
import { channelsQueryOptions } from '../../features/channels/api/get-channels';
import { mySubscriptionsQueryOptions } from '../../features/channels/api/get-my-subscriptions';
import { ChannelsPage } from '../../features/channels/channels-page';
import { isAdminRole } from '../../shared/svc/roles';

/**
 * Starts the channel list and my subscriptions in parallel as soon as the route matches. Which list to
 * ask for depends on the role; before the session is known only my subscriptions are prefetched.
 */
export function loader() {
  if (!maybeSignedIn(appQueryClient)) return null;
  const role = appQueryClient.getQueryData(sessionQueryOptions.queryKey)?.user?.role;
  if (role !== undefined) void appQueryClient.prefetchQuery(channelsQueryOptions(isAdminRole(role)));
  void appQueryClient.prefetchQuery(mySubscriptionsQueryOptions());
  return null;
}

export function ChannelsRoute() {
  return <ChannelsPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { ChannelsRoute as Component };
