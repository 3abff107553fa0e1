import { useQuery } from '@tanstack/react-query';
import { profileFieldsQueryOptions } from '../../../client/reference-data/custom-profile-fields';

// One data set with the users page's field names: the query lives with the shared reference data.
export { profileFieldsQueryOptions, profileFieldsRootKey } from '../../../client/reference-data/custom-profile-fields';

export function useProfileFields() {
  return useQuery(profileFieldsQueryOptions());
}
