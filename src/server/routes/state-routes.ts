import { Hono } from 'hono';
import type {
  DefaultChannelsState,
  GroupNamesState,
  PlaygroundsState,
  OwnSettingsState,
  RealmState,
  UserSettingsDefaultsState,
} from '../../shared/bff/protocol';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { AppEnv, BffDeps } from '../app-types';
import type { Config } from '../config';
import { requireSession } from '../middleware/require-session';

type Scalar = boolean | number | string | null;

function isScalar(value: unknown): value is Scalar {
  return value === null || ['boolean', 'number', 'string'].includes(typeof value);
}

/**
 * The settings are the scalar entries; the server sends two lists alongside them in the same object
 * (the notification sounds and emoji sets it offers), which are passed on separately.
 */
export function userSettingsDefaultsState(raw: Readonly<Record<string, unknown>> | null): UserSettingsDefaultsState {
  if (!raw) return { defaults: null, availableNotificationSounds: null, emojisetChoices: null };
  const defaults: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (isScalar(value)) defaults[name] = value;
  }
  const sounds = raw.available_notification_sounds;
  const choices = raw.emojiset_choices;
  return {
    defaults,
    availableNotificationSounds:
      Array.isArray(sounds) && sounds.every((s) => typeof s === 'string') ? (sounds as string[]) : null,
    emojisetChoices: Array.isArray(choices)
      ? choices.flatMap((c: unknown) => {
          const { key, text } = (c ?? {}) as Record<string, unknown>;
          return typeof key === 'string' && typeof text === 'string' ? [{ key, text }] : [];
        })
      : null,
  };
}

/**
 * `/bff/state/*`: parts of the chat server's register state, read from the session's event queue (which
 * registered with them in `fetch_event_types` and applies their events), so the SPA never registers a queue.
 */
export function stateRoutes(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', requireSession(config, deps));

  type State = NonNullable<ReturnType<BffDeps['hub']['registerState']>>;
  /** One part of the state; 503 with `unavailable` while the session's queue has none to give. */
  const serve = (path: string, unavailable: string, pick: (state: State) => object | null) =>
    app.get(path, async (c) => {
      const session = c.get('session');
      // Registers the session's queue if it has none (shared with its tabs); never throws.
      await deps.hub.ensure(session);
      const state = deps.hub.registerState(session.id);
      c.header('cache-control', 'no-store');
      const body = state ? pick(state) : null;
      if (!body) return c.json(errorEnvelope(bffErrorCodes.upstreamUnavailable, unavailable), 503);
      return c.json(body);
    });

  serve(
    '/user-settings-defaults',
    'Cannot read the current settings from the chat server right now. Try again in a moment.',
    (state): UserSettingsDefaultsState => userSettingsDefaultsState(state.userSettingsDefaults),
  );
  serve(
    '/realm',
    "Cannot read the organization's settings from the chat server right now. Try again in a moment.",
    (state): RealmState => ({ realm: { ...state.realm } }),
  );
  serve(
    '/own-settings',
    'Cannot read your settings from the chat server right now. Try again in a moment.',
    (state): OwnSettingsState | null => (state.userSettings ? { settings: { ...state.userSettings } } : null),
  );

  serve(
    '/default-channels',
    'Cannot read the default channels from the chat server right now. Try again in a moment.',
    (state): DefaultChannelsState => ({ channelIds: state.defaultChannelIds ? [...state.defaultChannelIds] : null }),
  );
  serve(
    '/playgrounds',
    'Cannot read the code playgrounds from the chat server right now. Try again in a moment.',
    (state): PlaygroundsState => ({ playgrounds: state.playgrounds ? state.playgrounds.map((p) => ({ ...p })) : null }),
  );
  serve(
    '/group-names',
    "Cannot read the user groups' names from the chat server right now. Try again in a moment.",
    (state): GroupNamesState => ({ groups: state.groupNames ? state.groupNames.map((g) => ({ ...g })) : null }),
  );

  return app;
}
