import { z } from 'zod';
import { simpleSuccessSchema, successSchema, successShape } from './envelope';
import { FEATURE_LEVELS } from './features';
import {
  customProfileFieldSchema,
  ownUserSchema,
  roleSchema,
  serverSettingsSchema,
  userSchema,
  userStatusSchema,
} from './records';
import { accountOps } from './ops/account-ops';
import { channelSettingsOps } from './ops/channel-settings-ops';
import { channelsOps } from './ops/channels-ops';
import { draftsOps } from './ops/drafts-ops';
import { linkifierOps } from './ops/linkifier-ops';
import { messagesOps } from './ops/messages-ops';
import { presenceOps } from './ops/presence-ops';
import { realmDefaultsOps } from './ops/realm-defaults-ops';
import { userGroupsOps } from './ops/user-groups-ops';
import { invitesOps } from './ops/invites-ops';
import { peopleAdminOps } from './ops/people-admin-ops';
import { organizationDataOps } from './ops/organization-data-ops';
import { op, type SvcOperation } from './op';
import { deactivationActionsSchema } from './deactivation';
import { emojiNameGiven, emojiNameRequired, statusUpdateShape } from './status-params';

export { EMOJI_NAME_REQUIRED_MSG, STATUS_TOO_LONG_MSG, statusUpdateShape } from './status-params';

export type { SvcOperation } from './op';

const userId = z.number().int().positive();
const clientGravatar = z.boolean().optional();
const includeCustomProfileFields = z.boolean().optional();

/**
 * Every chat-service operation the console uses, declared once (areas keep theirs in ops/). The browser's
 * client and forms and the BFF's forwarder read this table; the simulator does not (the linter keeps it out),
 * so it follows the real server on its own and the contract tests compare the two.
 */
export const svcOps = {
  ...realmDefaultsOps,
  ...linkifierOps,
  ...draftsOps,
  ...accountOps,
  ...channelsOps,
  ...channelSettingsOps,
  ...messagesOps,
  ...userGroupsOps,
  ...presenceOps,
  ...invitesOps,
  ...peopleAdminOps,
  ...organizationDataOps,
  getServerSettings: op({
    id: 'getServerSettings',
    method: 'GET',
    path: '/server_settings',
    auth: 'none',
    params: () => z.strictObject({}),
    response: () => serverSettingsSchema.extend(successShape),
  }),
  fetchApiKey: op({
    id: 'fetchApiKey',
    method: 'POST',
    path: '/fetch_api_key',
    auth: 'none',
    exposure: 'bff',
    params: () => z.strictObject({ username: z.string().min(1), password: z.string().min(1) }),
    response: () => successSchema({ api_key: z.string(), email: z.string(), user_id: z.number().int().optional() }),
  }),
  getOwnUser: op({
    id: 'getOwnUser',
    method: 'GET',
    path: '/users/me',
    params: () => z.strictObject({}),
    response: () => ownUserSchema.extend(successShape),
  }),
  getCustomProfileFields: op({
    id: 'getCustomProfileFields',
    method: 'GET',
    path: '/realm/profile_fields',
    params: () => z.strictObject({}),
    response: () => successSchema({ custom_fields: z.array(customProfileFieldSchema) }),
  }),
  getUsers: op({
    id: 'getUsers',
    method: 'GET',
    path: '/users',
    params: () =>
      z.strictObject({
        client_gravatar: clientGravatar,
        include_custom_profile_fields: includeCustomProfileFields,
        user_ids: z.array(userId).optional(),
      }),
    response: () => successSchema({ members: z.array(userSchema) }),
  }),
  getUser: op({
    id: 'getUser',
    method: 'GET',
    path: '/users/{user_id}',
    params: () =>
      z.strictObject({
        user_id: userId,
        client_gravatar: clientGravatar,
        include_custom_profile_fields: includeCustomProfileFields,
      }),
    response: () => successSchema({ user: userSchema }),
  }),
  getUserByEmail: op({
    id: 'getUserByEmail',
    method: 'GET',
    path: '/users/{email}',
    params: () =>
      z.strictObject({
        email: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'Enter an email address.'),
        client_gravatar: clientGravatar,
        include_custom_profile_fields: includeCustomProfileFields,
      }),
    response: () => successSchema({ user: userSchema }),
  }),
  updateUser: op({
    id: 'updateUser',
    method: 'PATCH',
    path: '/users/{user_id}',
    adminOnly: true,
    params: () =>
      z.strictObject({
        user_id: userId,
        full_name: z.string().trim().min(1, 'Name too short!').max(100, 'Name too long!').optional(),
        role: roleSchema.optional(),
        profile_data: z
          .array(z.looseObject({ id: z.number().int(), value: z.union([z.string(), z.number(), z.array(z.number())]) }))
          .optional(),
      }),
    response: () => simpleSuccessSchema,
  }),
  deactivateUser: op({
    id: 'deactivateUser',
    method: 'DELETE',
    path: '/users/{user_id}',
    adminOnly: true,
    params: () =>
      z.strictObject({
        user_id: userId,
        // Absent means null: no notification email. Present (even empty) sends one.
        deactivation_notification_comment: z
          .string()
          .max(2000, 'deactivation_notification_comment is too long (limit: 2000 characters)')
          .optional(),
        actions: deactivationActionsSchema.optional(),
      }),
    paramLevels: { actions: FEATURE_LEVELS.deactivationActions },
    response: () => simpleSuccessSchema,
  }),
  reactivateUser: op({
    id: 'reactivateUser',
    method: 'POST',
    path: '/users/{user_id}/reactivate',
    adminOnly: true,
    params: () => z.strictObject({ user_id: userId }),
    response: () => simpleSuccessSchema,
  }),
  getUserStatus: op({
    id: 'getUserStatus',
    method: 'GET',
    path: '/users/{user_id}/status',
    minLevel: FEATURE_LEVELS.userStatusGet,
    params: () => z.strictObject({ user_id: userId }),
    response: () => successSchema({ status: userStatusSchema }),
  }),
  updateUserStatus: op({
    id: 'updateUserStatus',
    method: 'POST',
    path: '/users/{user_id}/status',
    adminOnly: true,
    minLevel: FEATURE_LEVELS.adminSetUserStatus,
    params: () => z.strictObject({ user_id: userId, ...statusUpdateShape }).refine(emojiNameGiven, emojiNameRequired),
    response: () => simpleSuccessSchema,
  }),
  registerQueue: op({
    id: 'registerQueue',
    method: 'POST',
    path: '/register',
    exposure: 'bff',
    params: () =>
      z.strictObject({
        event_types: z.array(z.string()).optional(),
        fetch_event_types: z.array(z.string()).optional(),
        client_capabilities: z.record(z.string(), z.boolean()).optional(),
        apply_markdown: z.boolean().optional(),
        client_gravatar: z.boolean().optional(),
        slim_presence: z.boolean().optional(),
        include_subscribers: z.union([z.boolean(), z.literal('partial')]).optional(),
        all_public_streams: z.boolean().optional(),
      }),
    response: () =>
      successSchema({
        queue_id: z.string().nullable(),
        last_event_id: z.number().int(),
        event_queue_longpoll_timeout_seconds: z.number().int().optional(),
        realm_empty_topic_display_name: z.string().optional(),
        max_topic_length: z.number().int().optional(),
        max_message_length: z.number().int().optional(),
        max_stream_name_length: z.number().int().optional(),
        max_stream_description_length: z.number().int().optional(),
        realm_user_settings_defaults: z.record(z.string(), z.unknown()).optional(),
        // Checked where it is read (session-queue.ts): one odd entry must not fail the registration.
        realm_default_streams: z.array(z.unknown()).optional(),
        user_settings: z.record(z.string(), z.unknown()).optional(),
        // Checked where it is read (session-queue.ts), like the default channels.
        realm_playgrounds: z.array(z.unknown()).optional(),
        // Checked where it is read (group-names.ts): only the names are kept.
        realm_user_groups: z.array(z.unknown()).optional(),
      }),
  }),
  getEvents: op({
    id: 'getEvents',
    method: 'GET',
    path: '/events',
    exposure: 'bff',
    wholeAnswer: true,
    params: () =>
      z.strictObject({
        queue_id: z.string().min(1),
        last_event_id: z.number().int().optional(),
        dont_block: z.boolean().optional(),
      }),
    response: () =>
      successSchema({
        events: z.array(z.looseObject({ id: z.number().int(), type: z.string() })),
        queue_id: z.string().optional(),
      }),
  }),
  deleteQueue: op({
    id: 'deleteQueue',
    method: 'DELETE',
    path: '/events',
    exposure: 'bff',
    params: () => z.strictObject({ queue_id: z.string().min(1) }),
    response: () => simpleSuccessSchema,
  }),
} as const;

export type SvcOps = typeof svcOps;
export type SvcOpId = keyof SvcOps;
export type ParamsOf<O extends SvcOperation> = z.input<O['params']>;
export type ResultOf<O extends SvcOperation> = z.output<O['response']>;

export const svcOpList: readonly SvcOperation[] = Object.values(svcOps);
