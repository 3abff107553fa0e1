import type { LoaderFunctionArgs } from 'react-router';
import { appQueryClient } from '../app-query-client';
import { maybeSignedIn, sessionQueryOptions } from '../../client/session';
import { moderationChannelsQueryOptions } from '../../features/topics/api/get-channels';
import { moderationRealmQueryOptions } from '../../features/topics/api/get-moderation-context';
import { prefetchTopicMessages } from '../../features/topics/api/get-topic-messages';
import { TopicsPage } from '../../features/topics/topics-page';
import { selectedTopicOf } from '../../features/topics/use-topics-search';
import { isAdminRole } from '../../shared/svc/roles';

/**
 * Starts the channel list and the organization's settings as soon as the route matches, and the open topic's
 * first page of messages when the URL names one (opening a topic, back and forward): the request then leaves
 * with the navigation rather than with the render that follows it.
 */
export function loader({ request }: Pick<LoaderFunctionArgs, 'request'>) {
  if (!maybeSignedIn(appQueryClient)) return null;
  const session = appQueryClient.getQueryData(sessionQueryOptions.queryKey);
  const role = session?.user?.role;
  if (role !== undefined) void appQueryClient.prefetchQuery(moderationChannelsQueryOptions(isAdminRole(role)));
  void appQueryClient.prefetchQuery(moderationRealmQueryOptions());
  // The request's parameters depend on the server's feature level: before the session is known, the page
  // asks for the messages itself.
  const level = session?.server?.featureLevel;
  const selected = selectedTopicOf(new URL(request.url).searchParams);
  if (selected && level !== undefined) prefetchTopicMessages(appQueryClient, selected.streamId, selected.topic, level);
  return null;
}

export function TopicsRoute() {
  return <TopicsPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { TopicsRoute as Component };
