import { useRealmState } from '../../../client/reference-data/realm-state';

/** The organization's settings: its `realm_*` group settings are what "who can do what" resolves. */
export function useGroupsRealm() {
  return useRealmState();
}
