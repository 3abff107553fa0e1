import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { customEmojiRootKey } from './get-realm-emoji';

export function useUploadEmoji() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, dataUrl }: { name: string; dataUrl: string }) =>
      svc(svcOps.uploadRealmEmoji, { emoji_name: name, file: dataUrl }),
    onSuccess: () => client.invalidateQueries({ queryKey: customEmojiRootKey }),
  });
}

export function useDeactivateEmoji() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => svc(svcOps.deactivateRealmEmoji, { emoji_name: name }),
    onSuccess: () => client.invalidateQueries({ queryKey: customEmojiRootKey }),
  });
}
