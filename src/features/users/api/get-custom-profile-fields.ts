import { useQuery } from '@tanstack/react-query';
import { profileFieldsQueryOptions } from '../../../client/reference-data/custom-profile-fields';

/** The organization's custom profile field definitions: names and order for users' `profile_data`. */
export const customProfileFieldsQueryOptions = profileFieldsQueryOptions;

export function useCustomProfileFields() {
  // The definitions change rarely, and their event replaces the cached copy: a page opened twice need not ask.
  return useQuery({ ...profileFieldsQueryOptions(), staleTime: 5 * 60_000 });
}
