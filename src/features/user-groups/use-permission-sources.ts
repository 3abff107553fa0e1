import { useMemo } from 'react';
import { useRole } from '../../client/use-role';
import { groupDisplayName } from '../../shared/svc/group-settings';
import { useGroupChannels } from './api/get-channels';
import { permissionSources } from './grants';
import type { GroupData } from './use-group-data';

/** Every group-based permission this user can see: the organization's, channels' and groups'. */
export function usePermissionSources(data: GroupData) {
  const { isAdmin } = useRole();
  const channels = useGroupChannels(isAdmin);
  const sources = useMemo(
    () => permissionSources(data.realmQuery.data, channels.data ?? [], data.groups, groupDisplayName),
    [data.realmQuery.data, channels.data, data.groups],
  );
  return {
    sources,
    pending: channels.isPending || data.realmQuery.isPending || data.groupsQuery.isPending,
    error: channels.error ?? data.realmQuery.error ?? data.groupsQuery.error,
    retry: () => {
      void channels.refetch();
      void data.realmQuery.refetch();
      void data.groupsQuery.refetch();
    },
  };
}
