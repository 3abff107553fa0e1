import { useQuery } from '@tanstack/react-query';
import { userStatusQueryOptions } from '../../../client/reference-data/user-status';

/** The signed-in user's status (there is no /users/me form of the read: it takes the user's ID). */
export const ownStatusQueryOptions = userStatusQueryOptions;

/** `enabled` is false until the user's ID is known, or when the server is older than the read (level 262). */
export function useOwnStatus(userId: number | undefined, enabled: boolean) {
  return useQuery({ ...userStatusQueryOptions(userId ?? 0), enabled: enabled && userId !== undefined });
}
