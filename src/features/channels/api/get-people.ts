import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { channelsRootKey } from './get-channels';

/** Everyone, for naming subscribers and choosing people (pickers leave out deactivated users). */
export function channelPeopleQueryOptions() {
  return queryOptions({
    queryKey: [...channelsRootKey, 'people'] as const,
    queryFn: async ({ signal }) =>
      (await svc(svcOps.getUsers, { client_gravatar: true }, { signal })).members.map((u) => ({
        user_id: u.user_id,
        full_name: u.full_name,
        email: u.delivery_email ?? u.email,
        is_active: u.is_active,
        is_bot: u.is_bot,
        bot_owner_id: u.bot_owner_id ?? null,
      })),
    staleTime: 60_000,
  });
}
export type ChannelPerson = Awaited<
  ReturnType<NonNullable<ReturnType<typeof channelPeopleQueryOptions>['queryFn']>>
>[number];

export function useChannelPeople() {
  return useQuery(channelPeopleQueryOptions());
}
