import { z } from 'zod';
import { simpleSuccessSchema, successSchema } from '../envelope';
import { FEATURE_LEVELS } from '../features';
import { op } from '../op';
import { MATCHABLE_FIELD_TYPES, MATCHABLE_ONLY_MSG } from '../profile-fields';
import { emojiImageSchema, realmEmojiSchema } from '../realm-emoji';

const fieldId = z.number().int().positive();
/** `{ "0": { text, order } }` for options, `{ subtype, url_pattern? }` for external accounts. */
const fieldData = z.record(z.string(), z.unknown());

const fieldSettings = {
  hint: z.string().max(80, 'The hint is at most 80 characters.').optional(),
  field_data: fieldData.optional(),
  display_in_profile_summary: z.boolean().optional(),
  required: z.boolean().optional(),
  editable_by_user: z.boolean().optional(),
  use_for_user_matching: z.boolean().optional(),
};
/** Older servers would ignore the matching setting and save the rest: refused below its level instead. */
const fieldParamLevels = { use_for_user_matching: FEATURE_LEVELS.profileFieldUserMatching };
const fieldName = z.string().trim().max(40, 'The name is at most 40 characters.');

/**
 * Administration of people: custom profile fields, custom emoji, creating a user. The emoji image travels
 * to the BFF as a `data:` URL and from the BFF to the server as the one file of a multipart body.
 */
export const peopleAdminOps = {
  createCustomProfileField: op({
    id: 'createCustomProfileField',
    method: 'POST',
    path: '/realm/profile_fields',
    adminOnly: true,
    params: () =>
      z
        .strictObject({ name: fieldName.optional(), field_type: z.number().int(), ...fieldSettings })
        .refine((p) => p.use_for_user_matching !== true || MATCHABLE_FIELD_TYPES.has(p.field_type), {
          path: ['use_for_user_matching'],
          message: MATCHABLE_ONLY_MSG,
        }),
    paramLevels: fieldParamLevels,
    response: () => successSchema({ id: z.number().int() }),
  }),
  updateCustomProfileField: op({
    id: 'updateCustomProfileField',
    method: 'PATCH',
    path: '/realm/profile_fields/{field_id}',
    adminOnly: true,
    params: () => z.strictObject({ field_id: fieldId, name: fieldName.optional(), ...fieldSettings }),
    paramLevels: fieldParamLevels,
    response: () => simpleSuccessSchema,
  }),
  deleteCustomProfileField: op({
    id: 'deleteCustomProfileField',
    method: 'DELETE',
    path: '/realm/profile_fields/{field_id}',
    adminOnly: true,
    params: () => z.strictObject({ field_id: fieldId }),
    response: () => simpleSuccessSchema,
  }),
  reorderCustomProfileFields: op({
    id: 'reorderCustomProfileFields',
    method: 'PATCH',
    path: '/realm/profile_fields',
    adminOnly: true,
    /** Every field's ID, once each, in the new order. */
    params: () => z.strictObject({ order: z.array(z.number().int()) }),
    response: () => simpleSuccessSchema,
  }),
  getRealmEmoji: op({
    id: 'getRealmEmoji',
    method: 'GET',
    path: '/realm/emoji',
    params: () => z.strictObject({}),
    response: () => successSchema({ emoji: z.record(z.string(), realmEmojiSchema) }),
  }),
  uploadRealmEmoji: op({
    id: 'uploadRealmEmoji',
    method: 'POST',
    path: '/realm/emoji/{emoji_name}',
    fileParam: 'file',
    params: () => z.strictObject({ emoji_name: z.string().min(1).max(100), file: emojiImageSchema }),
    response: () => simpleSuccessSchema,
  }),
  deactivateRealmEmoji: op({
    id: 'deactivateRealmEmoji',
    method: 'DELETE',
    path: '/realm/emoji/{emoji_name}',
    params: () => z.strictObject({ emoji_name: z.string().min(1).max(100) }),
    response: () => simpleSuccessSchema,
  }),
  createUser: op({
    id: 'createUser',
    method: 'POST',
    path: '/users',
    adminOnly: true,
    params: () =>
      z.strictObject({
        email: z
          .string()
          .trim()
          .regex(/^[^@\s]+@[^@\s]+$/, 'Enter an email address.'),
        password: z.string().min(1, 'Enter a password.').max(1000),
        full_name: z.string().trim().min(1, 'Name too short!').max(100, 'Name too long!'),
      }),
    response: () => successSchema({ user_id: z.number().int() }),
  }),
} as const;
