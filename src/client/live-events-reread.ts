import { matchQuery, type Query, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { svcOps } from '../shared/svc/catalog';
import { channelListKey } from './reference-data/channels';
import { customEmojiRootKey } from './reference-data/custom-emoji';
import { profileFieldsRootKey } from './reference-data/custom-profile-fields';
import { ownSubscriptionsQueryOptions } from './reference-data/own-subscriptions';
import { userGroupListQueryOptions } from './reference-data/user-groups';
import { userStatusRootKey } from './reference-data/user-status';
import { usersRootKey } from './reference-data/users';
import { sessionKey } from './session';

/**
 * Which cached queries a chat operation's read fills, by the key factories of its data set (src/client/reference-data,
 * one query per data set): the reads the pages make before the session's event queue is registered. Exact keys
 * where a prefix would reach a data set read from the BFF's register state (the group names under the groups' key);
 * presence lives under the users' key.
 */
const READS: Readonly<Record<string, QueryFilters>> = {
  [svcOps.getUsers.id]: { queryKey: usersRootKey },
  [svcOps.getRealmPresence.id]: { queryKey: usersRootKey },
  [svcOps.getCustomProfileFields.id]: { queryKey: profileFieldsRootKey },
  [svcOps.getRealmEmoji.id]: { queryKey: customEmojiRootKey },
  [svcOps.getUserGroups.id]: { queryKey: userGroupListQueryOptions().queryKey, exact: true },
  [svcOps.getOwnSubscriptions.id]: { queryKey: ownSubscriptionsQueryOptions().queryKey },
  [svcOps.getStreams.id]: { queryKey: channelListKey },
  [svcOps.getUserStatus.id]: { queryKey: userStatusRootKey },
};

/**
 * The queries the reads of `operationIds` filled. A read this table does not know (a page's own data set) makes it
 * every query but the session's: each may hold an answer given before the queue started.
 */
export function rereadMatcher(operationIds: readonly string[]): (query: Query) => boolean {
  const known = operationIds.map((id) => READS[id]);
  if (known.some((entry) => entry === undefined)) return (query) => query.queryKey[0] !== sessionKey[0];
  return (query) => known.some((filters) => filters !== undefined && matchQuery(filters, query));
}

/**
 * Reads again the queries `match` accepts, once each: a read in flight is neither cancelled nor sent twice. Its
 * answer may predate the queue as well, so once it settles the query is invalidated again (a settled fetch clears
 * the invalidation made while it ran).
 */
export function rereadQueries(client: QueryClient, match: (query: Query) => boolean): void {
  const cache = client.getQueryCache();
  const inFlight = new Set(cache.findAll({ predicate: match, fetchStatus: 'fetching' }));
  void client.invalidateQueries(
    { predicate: (query) => match(query) && !inFlight.has(query) },
    { cancelRefetch: false },
  );
  if (inFlight.size === 0) return;
  const unsubscribe = cache.subscribe((event) => {
    if (!inFlight.has(event.query)) return;
    if (event.type === 'removed') inFlight.delete(event.query);
    else if (event.type === 'updated' && event.query.state.fetchStatus !== 'fetching') {
      inFlight.delete(event.query);
      void client.invalidateQueries({ queryKey: event.query.queryKey, exact: true }, { cancelRefetch: false });
    }
    if (inFlight.size === 0) unsubscribe();
  });
}
