/** Default settings for new users (PATCH /realm/user_settings_defaults). */
export const realmDefaultsOps = {} as const;
