import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { useFeature } from '../../../client/use-role';
import { svcOps } from '../../../shared/svc/catalog';
import { channelsRootKey } from './get-channels';

export function channelFoldersQueryOptions() {
  return queryOptions({
    queryKey: [...channelsRootKey, 'folders'] as const,
    // Archived ones too: the folder manager shows them, and reordering must name every folder.
    queryFn: async ({ signal }) =>
      (await svc(svcOps.getChannelFolders, { include_archived: true }, { signal })).channel_folders,
    staleTime: 60_000,
  });
}

/** Folders exist from level 389; before that the query stays idle and the list is empty. */
export function useChannelFolders() {
  const { enabled } = useFeature('channelFolders');
  return useQuery({ ...channelFoldersQueryOptions(), enabled });
}
