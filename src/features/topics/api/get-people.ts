import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { topicsRootKey } from './get-channels';

/** Names for participants and senders. */
export function topicPeopleQueryOptions() {
  return queryOptions({
    queryKey: [...topicsRootKey, 'people'] as const,
    queryFn: async ({ signal }) =>
      new Map(
        (await svc(svcOps.getUsers, { client_gravatar: true }, { signal })).members.map(
          (u) => [u.user_id, u.full_name] as const,
        ),
      ),
    staleTime: 60_000,
  });
}

export function useTopicPeople() {
  return useQuery(topicPeopleQueryOptions());
}
