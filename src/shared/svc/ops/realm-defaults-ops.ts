import { z } from 'zod';
import { successSchema } from '../envelope';
import { op } from '../op';
import { USER_SETTINGS_DEFAULTS_ENDPOINT_LEVEL, userSettingsDefaultsParamsShape } from '../user-settings-defaults';

/** Default settings for new users (PATCH /realm/user_settings_defaults); the parameters come from the settings table. */
export const realmDefaultsOps = {
  updateRealmUserSettingsDefaults: op({
    id: 'updateRealmUserSettingsDefaults',
    method: 'PATCH',
    path: '/realm/user_settings_defaults',
    adminOnly: true,
    minLevel: USER_SETTINGS_DEFAULTS_ENDPOINT_LEVEL,
    params: () => z.strictObject(userSettingsDefaultsParamsShape),
    response: () => successSchema({}),
  }),
} as const;
