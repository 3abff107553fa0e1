import { z } from 'zod';
import { roleValues, type Role } from './roles';

export const roleSchema = z.union(roleValues.map((r) => z.literal(r)) as [z.ZodLiteral<Role>, ...z.ZodLiteral<Role>[]]);

export const profileDataValueSchema = z.looseObject({
  value: z.string(),
  rendered_value: z.string().optional(),
});

const userShape = {
  user_id: z.number().int(),
  delivery_email: z.string().nullable().optional(),
  email: z.string(),
  full_name: z.string(),
  date_joined: z.string(),
  is_active: z.boolean(),
  is_owner: z.boolean(),
  is_admin: z.boolean(),
  is_guest: z.boolean(),
  is_bot: z.boolean(),
  role: z.number().int(),
  timezone: z.string(),
  avatar_url: z.string().nullable().optional(),
  avatar_version: z.number().int(),
  profile_data: z.record(z.string(), profileDataValueSchema).optional(),
  /** Level 433+: imported from another product and never signed in (absent on older servers: not known). */
  is_imported_stub: z.boolean().optional(),
};

/** A user as `GET /users`, `GET /users/{user_id}` and `GET /users/{email}` return it. */
export const userSchema = z.looseObject({
  ...userShape,
  // Real servers leave both out of a person's record altogether; absent means "not a bot".
  bot_type: z.number().int().nullable().optional(),
  bot_owner_id: z.number().int().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** `GET /users/me`: the user record without bot fields, plus `max_message_id` (deprecated). */
export const ownUserSchema = z.looseObject({
  ...userShape,
  max_message_id: z.number().int().optional(),
});
export type OwnUser = z.infer<typeof ownUserSchema>;

// The seed writes `svc_extra_emoji`; real servers name it with their brand, and refuse the seed's spelling.
export const reactionTypes = ['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji'] as const;
export type ReactionType = (typeof reactionTypes)[number];

export const STATUS_TEXT_MAX = 60;

/** A user's status; every key is absent when no status is set. */
export const userStatusSchema = z.looseObject({
  away: z.boolean().optional(),
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.string().optional(),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

export const externalAuthMethodSchema = z.looseObject({
  name: z.string(),
  display_name: z.string(),
  display_icon: z.string().nullable(),
  login_url: z.string(),
  signup_url: z.string(),
});

/** `GET /server_settings`; fields may be missing on older servers, so most are optional. */
export const serverSettingsSchema = z.looseObject({
  authentication_methods: z.record(z.string(), z.boolean()).optional(),
  external_authentication_methods: z.array(externalAuthMethodSchema).optional(),
  svc_feature_level: z.number().int().optional(),
  svc_version: z.string().optional(),
  svc_merge_base: z.string().optional(),
  push_notifications_enabled: z.boolean().optional(),
  is_incompatible: z.boolean().optional(),
  email_auth_enabled: z.boolean().optional(),
  require_email_format_usernames: z.boolean().optional(),
  realm_uri: z.string().optional(),
  realm_url: z.string().optional(),
  realm_name: z.string().optional(),
  realm_icon: z.string().optional(),
  realm_description: z.string().optional(),
  realm_web_public_access_enabled: z.boolean().optional(),
});
export type ServerSettings = z.infer<typeof serverSettingsSchema>;

/** A custom profile field definition (`GET /realm/profile_fields`); users' `profile_data` is keyed by its id. */
export const customProfileFieldSchema = z.looseObject({
  id: z.number().int(),
  type: z.number().int(),
  order: z.number().int(),
  name: z.string(),
  hint: z.string(),
  field_data: z.string(),
  display_in_profile_summary: z.boolean().optional(),
  required: z.boolean().optional(),
  editable_by_user: z.boolean().optional(),
  /** Level 455+: matched when people type a name (sent only when true; absent is false there). */
  use_for_user_matching: z.boolean().optional(),
});
export type CustomProfileField = z.infer<typeof customProfileFieldSchema>;
