import { useQuery } from '@tanstack/react-query';
import { userSettingsDefaultsQueryOptions } from '../../../client/reference-data/user-settings-defaults';

// One data set with the invitations' preview of a new member's first day: the query lives with the shared
// reference data.
export {
  realmDefaultsRootKey,
  userSettingsDefaultsQueryOptions,
} from '../../../client/reference-data/user-settings-defaults';

export function useUserSettingsDefaults() {
  return useQuery(userSettingsDefaultsQueryOptions());
}
