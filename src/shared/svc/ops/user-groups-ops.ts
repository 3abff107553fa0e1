import { z } from 'zod';
import { successSchema } from '../envelope';
import { op } from '../op';
import { userGroupSchema } from '../user-groups';

/** User groups: listing (the group-setting picker and the user-groups area read it). */
export const userGroupsOps = {
  getUserGroups: op({
    id: 'getUserGroups',
    method: 'GET',
    path: '/user_groups',
    params: z.strictObject({ include_deactivated_groups: z.boolean().optional() }),
    response: successSchema({ user_groups: z.array(userGroupSchema) }),
  }),
} as const;
