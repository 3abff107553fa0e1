import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { channelFoldersQueryOptions } from './get-channel-folders';

type UpdateFolderParams = ParamsOf<typeof svcOps.updateChannelFolder>;

function useFolderMutation<P>(call: (params: P) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: channelFoldersQueryOptions().queryKey }),
  });
}

export const useCreateChannelFolder = () =>
  useFolderMutation((params: ParamsOf<typeof svcOps.createChannelFolder>) => svc(svcOps.createChannelFolder, params));

/** Rename, describe, archive or unarchive one folder. */
export const useUpdateChannelFolder = () =>
  useFolderMutation((params: UpdateFolderParams) => svc(svcOps.updateChannelFolder, params));

/** Every folder's ID, archived ones too, in the new order. */
export const useReorderChannelFolders = () =>
  useFolderMutation((order: number[]) => svc(svcOps.reorderChannelFolders, { order }));
