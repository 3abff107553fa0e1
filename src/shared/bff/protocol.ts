import { z } from 'zod';
import { bffRoute, typed } from './route-def';

export { BFF_PREFIX, CSRF_HEADER, CSRF_VALUE, SVC_PREFIX } from './constants';

export const serverInfoSchema = z.object({
  realmName: z.string(),
  realmIcon: z.string().nullable(),
  realmDescription: z.string(),
  realmUrl: z.string().nullable(),
  version: z.string().nullable(),
  featureLevel: z.number().int(),
  isIncompatible: z.boolean(),
  emailAuthEnabled: z.boolean(),
  passwordAuth: z.boolean(),
  requireEmailFormatUsernames: z.boolean(),
  externalAuthMethods: z.array(z.object({ name: z.string(), displayName: z.string() })),
  pushNotificationsEnabled: z.boolean(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

export const sessionUserSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: z.number().int(),
  avatarUrl: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const demoAccountSchema = z.object({ email: z.string(), role: z.number().int(), fullName: z.string() });

/** Limits the server reports at queue registration; forms validate against the server's own maxima. */
export const serverLimitsSchema = z.object({
  maxTopicLength: z.number().int().nullable(),
  maxMessageLength: z.number().int().nullable(),
  maxStreamNameLength: z.number().int().nullable(),
  maxStreamDescriptionLength: z.number().int().nullable(),
  realmEmptyTopicDisplayName: z.string().nullable(),
});
export type ServerLimits = z.infer<typeof serverLimitsSchema>;

export const sessionInfoSchema = z.object({
  user: sessionUserSchema.nullable(),
  server: serverInfoSchema.nullable(),
  /** Why server information is missing (upstream unreachable), for the sign-in page. */
  serverError: z.string().nullable(),
  demo: z.object({ accounts: z.array(demoAccountSchema), password: z.string() }).nullable(),
  /** Null until the session's event queue is registered (or when the server is unreachable). */
  limits: serverLimitsSchema.nullable(),
  /**
   * Signed in only: where the session's event stream stood when this answer was begun. The tab's first stream
   * starts there (`/bff/events?since=`), so it is sent what came after, e.g. the queue's registration naming the
   * reads made before it (see registeredMessageSchema); absent from older BFFs.
   */
  events: z.string().optional(),
  /** Whether this console has a proxy dashboard (PROXY_URL and PROXY_API_KEY); absent from older BFFs. */
  proxyConfigured: z.boolean().optional(),
  /**
   * Only in a sign-in's answer, when it ended sessions: the user's oldest sessions (`count`) ended because they
   * were signed in on more browsers than the console keeps (`limit`, SESSION_MAX_PER_USER).
   */
  endedSessions: z.object({ count: z.number().int(), limit: z.number().int() }).optional(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

const email = z.string().trim().min(1, 'Enter your email address.').max(254);

/** Sign in with a password (through the server's API-key exchange) or with an API key directly. */
export const signInSchema = z.union([
  z.strictObject({ email, password: z.string().min(1, 'Enter your password.').max(1000) }),
  z.strictObject({ email, apiKey: z.string().trim().min(1, 'Enter your API key.').max(200) }),
]);
export type SignInRequest = z.infer<typeof signInSchema>;

/** "Your sessions": the signed-in user's console sessions (every browser), each of which they may end. */
export const OWN_SESSIONS_PATH = '/bff/session/sessions';
export const ownSessionPath = (handle: string) => `${OWN_SESSIONS_PATH}/${encodeURIComponent(handle)}`;

export const ownSessionSchema = z.object({
  /** Names the session in this list; it is not the session's id and cannot be used as one. */
  handle: z.string(),
  /** Epoch ms of the sign-in, and of the last request made with it. */
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  /** The session this browser is using. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const ownSessionsSchema = z.object({
  sessions: z.array(ownSessionSchema),
  /** The most sessions one user keeps: signing in on another browser then ends the oldest. */
  limit: z.number().int().optional(),
});
export type OwnSessions = z.infer<typeof ownSessionsSchema>;

/** Where the SPA reads the realm's defaults for new users (from the session's register state). */
export const USER_SETTINGS_DEFAULTS_STATE_PATH = '/bff/state/user-settings-defaults';

const settingValueSchema = z.union([z.boolean(), z.number(), z.string(), z.null()]);

/**
 * `GET /bff/state/user-settings-defaults`: `realm_user_settings_defaults` as `POST /register` reported it,
 * kept current by `realm_user_settings_defaults` events. Settings are scalars; the lists the server sends
 * alongside them are separate (null when the server sent none).
 */
export const userSettingsDefaultsStateSchema = z.object({
  /** Null when the server reports no defaults (before feature level 95). */
  defaults: z.record(z.string(), settingValueSchema).nullable(),
  availableNotificationSounds: z.array(z.string()).nullable(),
  emojisetChoices: z.array(z.object({ key: z.string(), text: z.string() })).nullable(),
});
export type UserSettingsDefaultsState = z.infer<typeof userSettingsDefaultsStateSchema>;

/**
 * `GET /bff/state/realm`: the organization's settings from the register state (`realm_*`, `server_*`
 * scalars and group-setting values), kept current by `realm` events.
 */
export const REALM_STATE_PATH = '/bff/state/realm';
export const realmStateSchema = z.object({
  realm: z.record(
    z.string(),
    z.union([
      z.boolean(),
      z.number(),
      z.string(),
      z.null(),
      z.object({ direct_members: z.array(z.number()), direct_subgroups: z.array(z.number()) }),
    ]),
  ),
});
export type RealmState = z.infer<typeof realmStateSchema>;

/** `GET /bff/state/own-settings`: the signed-in user's own settings from the register state. */
export const OWN_SETTINGS_STATE_PATH = '/bff/state/own-settings';
export const ownSettingsStateSchema = z.object({ settings: z.record(z.string(), z.unknown()) });
export type OwnSettingsState = z.infer<typeof ownSettingsStateSchema>;

/**
 * `GET /bff/state/default-channels`: the IDs of the default channels for new users, from the register
 * state (real servers list them nowhere else: `GET /default_streams` answers 405), kept current by
 * `default_streams` events. Null when the server sent none.
 */
export const DEFAULT_CHANNELS_STATE_PATH = '/bff/state/default-channels';
export const defaultChannelsStateSchema = z.object({ channelIds: z.array(z.number().int()).nullable() });
export type DefaultChannelsState = z.infer<typeof defaultChannelsStateSchema>;

/**
 * `GET /bff/state/playgrounds`: the organization's code playgrounds, from the register state (the server has
 * no endpoint that lists them), kept current by `realm_playgrounds` events. Null when the server sent none.
 */
export const PLAYGROUNDS_STATE_PATH = '/bff/state/playgrounds';
export const playgroundsStateSchema = z.object({
  playgrounds: z
    .array(
      z.looseObject({
        id: z.number().int(),
        name: z.string(),
        pygments_language: z.string(),
        url_template: z.string().optional(),
        url_prefix: z.string().optional(),
      }),
    )
    .nullable(),
});
export type PlaygroundsState = z.infer<typeof playgroundsStateSchema>;

/** The answer to `DELETE /bff/session/all` (sign out everywhere): how many sessions it ended. */
export const endedEverywhereSchema = z.object({ ended: z.number().int() });

/**
 * `GET /bff/state/group-names`: every user group's name, from the register state (`realm_user_groups`), kept
 * current by `user_group` events. Every role gets it: a guest may not list user groups (`GET /user_groups`
 * refuses), but the settings it reads still name groups, and a group is never shown by its number. A group
 * deactivated after sign-in stays, marked. Null when the server sent none.
 */
export const GROUP_NAMES_STATE_PATH = '/bff/state/group-names';
export const groupNameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_system_group: z.boolean(),
  deactivated: z.boolean(),
});
export type GroupName = z.infer<typeof groupNameSchema>;
export const groupNamesStateSchema = z.object({ groups: z.array(groupNameSchema).nullable() });
export type GroupNamesState = z.infer<typeof groupNamesStateSchema>;

/** The signed-in user's own sessions (under /bff/session, beside the session itself: see first-load.ts). */
export const ownSessionsApi = {
  list: bffRoute({ method: 'GET', path: OWN_SESSIONS_PATH, answer: ownSessionsSchema }),
  /** 204: no answer. */
  end: bffRoute({ method: 'DELETE', path: `${OWN_SESSIONS_PATH}/:handle`, answer: typed<null>() }),
  /** Sign out everywhere. */
  endAll: bffRoute({ method: 'DELETE', path: '/bff/session/all', answer: endedEverywhereSchema }),
};

/** `/bff/state/*`: parts of the session's register state (src/server/routes/state-routes.ts). */
export const stateApi = {
  userSettingsDefaults: bffRoute({
    method: 'GET',
    path: USER_SETTINGS_DEFAULTS_STATE_PATH,
    answer: userSettingsDefaultsStateSchema,
  }),
  realm: bffRoute({ method: 'GET', path: REALM_STATE_PATH, answer: realmStateSchema }),
  ownSettings: bffRoute({ method: 'GET', path: OWN_SETTINGS_STATE_PATH, answer: ownSettingsStateSchema }),
  defaultChannels: bffRoute({ method: 'GET', path: DEFAULT_CHANNELS_STATE_PATH, answer: defaultChannelsStateSchema }),
  playgrounds: bffRoute({ method: 'GET', path: PLAYGROUNDS_STATE_PATH, answer: playgroundsStateSchema }),
  groupNames: bffRoute({ method: 'GET', path: GROUP_NAMES_STATE_PATH, answer: groupNamesStateSchema }),
};
