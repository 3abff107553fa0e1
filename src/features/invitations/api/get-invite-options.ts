import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { activeChannels, useChannelList } from '../../../client/reference-data/channels';
import { svc } from '../../../client/svc-client';
import { REALM_STATE_PATH, realmStateSchema } from '../../../shared/bff/protocol';
import { svcOps } from '../../../shared/svc/catalog';
import { invitationsRootKey } from './get-invites';

/** Channels an invitation can subscribe the new member to, with which of them are default channels. */
export function useInviteChannels() {
  return useChannelList(false, activeChannels);
}

/** Groups an invitation can add the new member to, and the system groups the role preview resolves. */
export function inviteGroupsQueryOptions() {
  return queryOptions({
    queryKey: [...invitationsRootKey, 'groups'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getUserGroups, {}, { signal })).user_groups,
  });
}

/** The organization's settings (who may invite, the permissions a role holds). */
export function inviteRealmQueryOptions() {
  return queryOptions({
    queryKey: [...invitationsRootKey, 'realm'] as const,
    queryFn: async ({ signal }) => realmStateSchema.parse(await bffFetch(REALM_STATE_PATH, { signal })).realm,
  });
}

export function useInviteGroups(enabled = true) {
  return useQuery({ ...inviteGroupsQueryOptions(), enabled });
}

export function useInviteRealm() {
  return useQuery(inviteRealmQueryOptions());
}
