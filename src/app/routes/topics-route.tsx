import { appQueryClient } from '../app-query-client';
import { sessionQueryOptions } from '../../client/session';
import { moderationChannelsQueryOptions } from '../../features/topics/api/get-channels';
import { moderationRealmQueryOptions } from '../../features/topics/api/get-moderation-context';
import { TopicsPage } from '../../features/topics/topics-page';
import { isAdminRole } from '../../shared/svc/roles';

/** Starts the channel list and the organization's settings as soon as the route matches. */
export function loader() {
  const role = appQueryClient.getQueryData(sessionQueryOptions.queryKey)?.user?.role;
  if (role !== undefined) void appQueryClient.prefetchQuery(moderationChannelsQueryOptions(isAdminRole(role)));
  void appQueryClient.prefetchQuery(moderationRealmQueryOptions());
  return null;
}

export function TopicsRoute() {
  return <TopicsPage />;
}
