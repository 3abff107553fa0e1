import { z } from 'zod';
import { pages, type PageSpec } from '../pages';

/**
 * The chat server's events the console consumes (shapes per the reference description of GET /events).
 * Parsed at the trust boundary in the SPA; unknown event types pass as `svcEventBaseSchema` and are ignored.
 */
export const svcEventBaseSchema = z.looseObject({ id: z.number().int(), type: z.string() });
export type SvcEventBase = z.infer<typeof svcEventBaseSchema>;

export const heartbeatEventSchema = svcEventBaseSchema.extend({ type: z.literal('heartbeat') });

/** `person` carries `user_id` plus only the fields that changed (update), or the whole user (add). */
export const realmUserEventSchema = svcEventBaseSchema.extend({
  type: z.literal('realm_user'),
  op: z.enum(['add', 'update', 'remove']),
  person: z.looseObject({ user_id: z.number().int() }),
});
export type RealmUserEvent = z.infer<typeof realmUserEventSchema>;

export const userStatusEventSchema = svcEventBaseSchema.extend({
  type: z.literal('user_status'),
  user_id: z.number().int(),
  away: z.boolean().optional(),
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.string().optional(),
});
export type UserStatusEvent = z.infer<typeof userStatusEventSchema>;

export const realmEventSchema = svcEventBaseSchema.extend({
  type: z.literal('realm'),
  op: z.string(),
  property: z.string().optional(),
  value: z.unknown().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const realmUserSettingsDefaultsEventSchema = svcEventBaseSchema.extend({
  type: z.literal('realm_user_settings_defaults'),
  op: z.literal('update'),
  property: z.string(),
  value: z.unknown(),
});

/**
 * The event types the console reacts to whatever page is open (the session, the people and channel lists every
 * page reads) and those of the pages written before the page registry; a new page names its own there.
 */
const SHELL_EVENT_TYPES = [
  'realm_user',
  'user_status',
  'realm',
  'realm_user_settings_defaults',
  'realm_linkifiers',
  'user_group',
  'stream',
  'subscription',
  'update_message',
  'delete_message',
  'drafts',
  'saved_snippets',
  'user_settings',
  'invites_changed',
  'custom_profile_fields',
  'realm_emoji',
  'default_streams',
  'channel_folder',
  'realm_export',
  'realm_playgrounds',
] as const;

/** The event types the console subscribes to: the shell's, and those the page registry names for its pages. */
export const CONSOLE_EVENT_TYPES: readonly string[] = [
  ...new Set([...SHELL_EVENT_TYPES, ...Object.values(pages).flatMap((page: PageSpec) => page.live?.events ?? [])]),
];

/** Initial state the console reads from POST /register (fetch_event_types). */
export const CONSOLE_FETCH_EVENT_TYPES = [
  'realm',
  'realm_user_settings_defaults',
  'user_settings',
  'default_streams',
  'realm_playgrounds',
  // Names only (see GROUP_NAMES_STATE_PATH): the one place a guest's console learns what groups are called.
  'realm_user_groups',
] as const;

/** The signed-in user's own setting changed (`user_settings_object` clients). */
export const userSettingsEventSchema = svcEventBaseSchema.extend({
  type: z.literal('user_settings'),
  op: z.literal('update'),
  property: z.string(),
  value: z.unknown(),
});

/**
 * The default channels for new users, all of them: channel IDs from level 330, whole channel records
 * before (the same shape as `realm_default_streams` in the register state).
 */
export const defaultStreamsListSchema = z.array(
  z.union([z.number().int(), z.looseObject({ stream_id: z.number().int() }).transform((s) => s.stream_id)]),
);

export const defaultStreamsEventSchema = svcEventBaseSchema.extend({
  type: z.literal('default_streams'),
  default_streams: defaultStreamsListSchema,
});
