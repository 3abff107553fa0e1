import { useQuery } from '@tanstack/react-query';
import { realmEmojiQueryOptions } from '../../client/reference-data/custom-emoji';
import { useSession } from '../../client/session';
import type { RealmEmoji } from '../../shared/svc/realm-emoji';

const active = (emoji: Readonly<Record<string, RealmEmoji>>) => Object.values(emoji).filter((e) => !e.deactivated);

/**
 * The organization's active custom emoji, for the status picker and for showing a status: picked from the one
 * copy of every custom emoji (the emoji page's), which their event keeps current.
 */
export function useStatusCustomEmoji(enabled = true) {
  // Custom emoji change rarely; a status dialog opened twice need not ask again.
  return useQuery({ ...realmEmojiQueryOptions(), select: active, staleTime: 60_000, enabled });
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
