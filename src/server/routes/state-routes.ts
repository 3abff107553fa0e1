import { Hono } from 'hono';
import { stateApi, type UserSettingsDefaultsState } from '../../shared/bff/protocol';
import type { AnswerInputOf } from '../../shared/bff/route-def';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { AppEnv, BffDeps } from '../app-types';
import type { Config } from '../config';
import { requireSession } from '../middleware/require-session';
import { answer } from './route-answer';

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
  type StateRoute = (typeof stateApi)[keyof typeof stateApi];
  /** One part of the state; 503 with `unavailable` while the session's queue has none to give. */
  const serve = <R extends StateRoute>(
    route: R,
    unavailable: string,
    pick: (state: State) => AnswerInputOf<R> | null,
  ) =>
    // Mounted at /bff/state: the route's path below it.
    app.get(route.path.slice('/bff/state'.length), async (c) => {
      const session = c.get('session');
      // Registers the session's queue if it has none (shared with its tabs); never throws.
      await deps.hub.ensure(session);
      const state = deps.hub.registerState(session.id);
      c.header('cache-control', 'no-store');
      const body = state ? pick(state) : null;
      if (!body) return c.json(errorEnvelope(bffErrorCodes.upstreamUnavailable, unavailable), 503);
      return answer(c, route, body);
    });

  serve(
    stateApi.userSettingsDefaults,
    'Cannot read the current settings from the chat server right now. Try again in a moment.',
    (state) => userSettingsDefaultsState(state.userSettingsDefaults),
  );
  serve(
    stateApi.realm,
    "Cannot read the organization's settings from the chat server right now. Try again in a moment.",
    (state) => ({ realm: { ...state.realm } }),
  );
  serve(
    stateApi.ownSettings,
    'Cannot read your settings from the chat server right now. Try again in a moment.',
    (state) => (state.userSettings ? { settings: { ...state.userSettings } } : null),
  );

  serve(
    stateApi.defaultChannels,
    'Cannot read the default channels from the chat server right now. Try again in a moment.',
    (state) => ({ channelIds: state.defaultChannelIds ? [...state.defaultChannelIds] : null }),
  );
  serve(
    stateApi.playgrounds,
    'Cannot read the code playgrounds from the chat server right now. Try again in a moment.',
    (state) => ({ playgrounds: state.playgrounds ? state.playgrounds.map((p) => ({ ...p })) : null }),
  );
  serve(
    stateApi.groupNames,
    "Cannot read the user groups' names from the chat server right now. Try again in a moment.",
    (state) => ({ groups: state.groupNames ? state.groupNames.map((g) => ({ ...g })) : null }),
  );

  return app;
}
