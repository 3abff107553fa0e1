import { useQuery } from '@tanstack/react-query';
import { userStatusQueryOptions } from '../../../client/reference-data/user-status';

export { userStatusQueryOptions };

/** `enabled` is false when the server is older than the status endpoint (level 262). */
export function useUserStatus(userId: number, enabled: boolean) {
  return useQuery({ ...userStatusQueryOptions(userId), enabled });
}
