import { z } from 'zod';
import { successSchema } from '../envelope';
import { FEATURE_LEVELS } from '../features';
import { op } from '../op';
import {
  NOT_FOR_OTHER_USERS,
  NOT_FOR_OTHER_USERS_MSG,
  USER_SETTINGS_DEFAULTS_ENDPOINT_LEVEL,
  userSettingsDefaultsParamsShape,
} from '../user-settings-defaults';

const ids = z.array(z.number().int().positive());

/**
 * Who `PATCH /settings` changes settings for (level 444): listed people and the members of listed groups (bots
 * never); with `skip_if_already_edited`, nobody who has changed that setting themselves.
 */
const targetUsersSchema = z
  .strictObject({ user_ids: ids.optional(), group_ids: ids.optional(), skip_if_already_edited: z.boolean() })
  .refine((t) => (t.user_ids?.length ?? 0) + (t.group_ids?.length ?? 0) > 0, {
    message: 'Either user_ids or group_ids must be provided.',
  });

/** At least one setting, and none of those each person decides for themselves. */
function checkSettingsForOthers(params: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const names = Object.keys(params).filter((name) => name !== 'target_users' && params[name] !== undefined);
  if (names.length === 0) ctx.addIssue({ code: 'custom', message: 'Choose at least one setting to apply.', path: [] });
  for (const name of names) {
    if (NOT_FOR_OTHER_USERS.has(name)) ctx.addIssue({ code: 'custom', message: NOT_FOR_OTHER_USERS_MSG, path: [name] });
  }
}

/**
 * Default settings for new users (PATCH /realm/user_settings_defaults), and the same settings applied to people
 * who already have accounts (PATCH /settings with `target_users`); the parameters come from the settings table.
 */
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
  /**
   * `PATCH /settings` is also one's own settings (updateOwnSettings): a request with `target_users` is this
   * operation. A server before level 444 would ignore `target_users` and change the caller's own settings
   * instead, so the BFF refuses it there (`paramLevels`).
   */
  updateSettingsForUsers: op({
    id: 'updateSettingsForUsers',
    method: 'PATCH',
    path: '/settings',
    whenParam: 'target_users',
    adminOnly: true,
    minLevel: FEATURE_LEVELS.settingsForExistingUsers,
    paramLevels: { target_users: FEATURE_LEVELS.settingsForExistingUsers },
    params: () =>
      z
        .strictObject({ target_users: targetUsersSchema, ...userSettingsDefaultsParamsShape })
        .superRefine(checkSettingsForOthers),
    response: () => successSchema({}),
  }),
} as const;
