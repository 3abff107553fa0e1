import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../../client/session';
import { svc } from '../../client/svc-client';
import { svcOps } from '../../shared/svc/catalog';
import type { RealmEmoji } from '../../shared/svc/realm-emoji';

/** The organization's active custom emoji, for the status picker and for showing a status. */
export const statusCustomEmojiQueryOptions = queryOptions({
  queryKey: ['status-emoji', 'custom'] as const,
  queryFn: async ({ signal }) =>
    Object.values((await svc(svcOps.getRealmEmoji, {}, { signal })).emoji).filter((e) => !e.deactivated),
  // Custom emoji change rarely; a status dialog opened twice need not ask again.
  staleTime: 60_000,
});

export function useStatusCustomEmoji(enabled = true) {
  return useQuery({ ...statusCustomEmojiQueryOptions, enabled });
}

/** A custom emoji's image URL: the server gives a path on itself. */
export function useCustomEmojiUrl(): (emoji: RealmEmoji) => string {
  const realmUrl = useSession().data?.server?.realmUrl ?? null;
  return (emoji) => {
    try {
      return new URL(emoji.source_url, realmUrl ?? undefined).toString();
    } catch {
      return emoji.source_url;
    }
  };
}
