/** The signed-in user's own account: status, test push notification, APNs token (deprecated). */
export const accountOps = {} as const;
