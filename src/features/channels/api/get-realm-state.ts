import { useRealmState } from '../../../client/reference-data/realm-state';

/** The organization's settings (who may create which channels, retention default, spectator access). */
export function useChannelsRealm() {
  return useRealmState();
}
