import { afterEach, describe, expect, it } from 'vitest';
import { svcOps } from '../../../shared/svc';
import { USER_SETTINGS, userSettingExistsAt } from '../../../shared/svc/user-settings-defaults';
import { callSim, createSvcSimulator, SIM_ORIGIN, type SvcSimOptions, type SvcSimulator } from '..';
import { initialUserSettings } from '../settings';

const PATH = '/realm/user_settings_defaults';
const sims: SvcSimulator[] = [];

function newSim(options: SvcSimOptions = {}): SvcSimulator {
  const sim = createSvcSimulator({ generatedUsers: 0, ...options });
  sims.push(sim);
  return sim;
}

afterEach(() => {
  for (const sim of sims.splice(0)) sim.close();
});

function patch(sim: SvcSimulator, params: Record<string, unknown>, as = 'admin@demo.test') {
  return callSim(sim, 'PATCH', PATH, { as, params });
}

describe('PATCH /realm/user_settings_defaults', () => {
  it('changes the defaults and announces each changed setting in its own event', async () => {
    const sim = newSim();
    expect(sim.store.userSettingsDefaults.web_home_view).toBe('inbox');
    const { status, body } = await patch(sim, {
      web_home_view: 'recent',
      color_scheme: 2,
      // Unchanged: stored as is, no event.
      enter_sends: sim.store.userSettingsDefaults.enter_sends,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'success', msg: '' });
    expect(svcOps.updateRealmUserSettingsDefaults.response.safeParse(body).success).toBe(true);
    expect(sim.store.userSettingsDefaults).toMatchObject({ web_home_view: 'recent', color_scheme: 2 });
    expect(sim.emitted).toEqual([
      { type: 'realm_user_settings_defaults', op: 'update', property: 'color_scheme', value: 2 },
      { type: 'realm_user_settings_defaults', op: 'update', property: 'web_home_view', value: 'recent' },
    ]);
  });

  const homeViewState = async (sim: SvcSimulator) => {
    const { body } = await callSim(sim, 'POST', '/register', {
      as: 'member@demo.test',
      params: { fetch_event_types: ['realm_user_settings_defaults'] },
    });
    return (body.realm_user_settings_defaults as Record<string, unknown>).web_home_view;
  };

  it('from level 454 spells the recent-conversations home view `recent` and refuses `recent_topics`', async () => {
    const sim = newSim({ featureLevel: 454 });
    expect((await patch(sim, { web_home_view: 'recent_topics' })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid web_home_view',
    });
    expect((await patch(sim, { web_home_view: 'recent' })).status).toBe(200);
    expect(sim.emitted.at(-1)).toMatchObject({ property: 'web_home_view', value: 'recent' });
    expect(await homeViewState(sim)).toBe('recent');
    // The stored value reads the older server's way after a switch down.
    sim.control.setFeatureLevel(453);
    expect(await homeViewState(sim)).toBe('recent_topics');
  });

  it('below level 454 spells it `recent_topics` and refuses `recent`', async () => {
    const sim = newSim({ featureLevel: 453 });
    expect((await patch(sim, { web_home_view: 'recent' })).body.msg).toBe('Invalid web_home_view');
    expect((await patch(sim, { web_home_view: 'recent_topics' })).status).toBe(200);
    expect(sim.emitted).toEqual([
      { type: 'realm_user_settings_defaults', op: 'update', property: 'web_home_view', value: 'recent_topics' },
    ]);
    expect(await homeViewState(sim)).toBe('recent_topics');
    sim.control.setFeatureLevel(500);
    expect(await homeViewState(sim)).toBe('recent');
    // Inbox and all messages are the same at every level.
    for (const level of [453, 454]) {
      sim.control.setFeatureLevel(level);
      expect((await patch(sim, { web_home_view: 'all_messages' })).status).toBe(200);
      expect((await patch(sim, { web_home_view: 'inbox' })).status).toBe(200);
    }
  });

  it('owners may change them too', async () => {
    const sim = newSim();
    expect((await patch(sim, { enable_digest_emails: false }, 'owner@demo.test')).status).toBe(200);
    expect(sim.store.userSettingsDefaults.enable_digest_emails).toBe(false);
  });

  it.each(['moderator@demo.test', 'member@demo.test', 'guest@demo.test'])(
    'refuses %s before looking at the parameters',
    async (email) => {
      const sim = newSim();
      for (const params of [{ color_scheme: 2 }, { color_scheme: 99 }]) {
        const { status, body } = await patch(sim, params, email);
        expect(status).toBe(400);
        expect(body).toEqual({
          result: 'error',
          code: 'UNAUTHORIZED_PRINCIPAL',
          msg: 'Must be an organization administrator',
        });
      }
      expect(sim.store.userSettingsDefaults.color_scheme).toBe(1);
      expect(sim.emitted).toEqual([]);
    },
  );

  it.each([
    [{ web_home_view: 'nowhere' }, 'Invalid web_home_view'],
    // The wording of a real server (level 372) for each.
    [{ color_scheme: 4 }, 'Invalid color_scheme: Value error, Not in the list of possible values'],
    [{ color_scheme: 'dark' }, 'color_scheme is not valid JSON'],
    [{ emojiset: 'apple' }, 'Invalid emojiset'],
    [{ web_animate_image_previews: 'sometimes' }, 'Invalid web_animate_image_previews'],
    [{ web_font_size_px: 14.5 }, 'web_font_size_px is not an integer'],
    [{ enter_sends: 'maybe' }, 'enter_sends is not valid JSON'],
    [
      { email_address_visibility: 6 },
      'Invalid email_address_visibility: Value error, Not in the list of possible values',
    ],
    [{ email_notifications_batching_period_seconds: 0 }, 'Invalid email batching period: 0 seconds'],
    [{ email_notifications_batching_period_seconds: 604_801 }, 'Invalid email batching period: 604801 seconds'],
    [{ notification_sound: 'kazoo' }, "Invalid notification sound 'kazoo'"],
  ])('refuses %j with "%s"', async (params, msg) => {
    const sim = newSim();
    const { status, body } = await patch(sim, params);
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(sim.emitted).toEqual([]);
  });

  it('changes nothing when one value of several is refused', async () => {
    const sim = newSim();
    const { body } = await patch(sim, { color_scheme: 3, notification_sound: 'kazoo', enter_sends: true });
    expect(body.msg).toBe("Invalid notification sound 'kazoo'");
    expect(sim.store.userSettingsDefaults).toMatchObject({ color_scheme: 1, enter_sends: false });
    expect(sim.emitted).toEqual([]);
  });

  it('accepts "none" and the shipped sounds as the notification sound', async () => {
    const sim = newSim();
    expect((await patch(sim, { notification_sound: 'none' })).status).toBe(200);
    expect((await patch(sim, { notification_sound: 'chime' })).status).toBe(200);
    expect(sim.store.userSettingsDefaults.notification_sound).toBe('chime');
  });

  it('refuses an option newer than the server', async () => {
    const sim = newSim({ featureLevel: 400 });
    expect((await patch(sim, { web_channel_default_view: 4 })).body.msg).toBe(
      'Invalid web_channel_default_view: Value error, Not in the list of possible values',
    );
    expect((await patch(sim, { web_channel_default_view: 3 })).status).toBe(200);
    sim.control.setFeatureLevel(401);
    expect((await patch(sim, { web_channel_default_view: 4 })).status).toBe(200);
  });

  it('ignores and reports dense_mode from level 364, and accepts it before', async () => {
    const sim = newSim();
    const { status, body } = await patch(sim, { dense_mode: false, color_scheme: 3 });
    expect(status).toBe(200);
    expect(body.ignored_parameters_unsupported).toEqual(['dense_mode']);
    expect(sim.store.userSettingsDefaults).toMatchObject({ dense_mode: true, color_scheme: 3 });

    sim.control.setFeatureLevel(363);
    const before = await patch(sim, { dense_mode: false });
    expect(before.body).toEqual({ result: 'success', msg: '' });
    expect(sim.store.userSettingsDefaults.dense_mode).toBe(false);
  });

  it('ignores settings newer than the server and names it does not know', async () => {
    const sim = newSim({ featureLevel: 349 });
    const { body } = await patch(sim, { hide_ai_features: true, no_such_setting: true, enter_sends: true });
    expect(body.ignored_parameters_unsupported).toEqual(['hide_ai_features', 'no_such_setting']);
    expect(sim.store.userSettingsDefaults).toMatchObject({ hide_ai_features: false, enter_sends: true });
  });

  it('ignores the parameters the simulator is configured to ignore, at start or later', async () => {
    const sim = newSim({ ignoredParameters: ['color_scheme'] });
    const { body } = await patch(sim, { color_scheme: 2, web_home_view: 'all_messages' });
    expect(body.ignored_parameters_unsupported).toEqual(['color_scheme']);
    expect(sim.store.userSettingsDefaults).toMatchObject({ color_scheme: 1, web_home_view: 'all_messages' });

    sim.control.setIgnoredParameters(['emojiset', 'enter_sends']);
    const later = await patch(sim, { color_scheme: 2, emojiset: 'text', enter_sends: true });
    expect(later.body.ignored_parameters_unsupported).toEqual(['emojiset', 'enter_sends']);
    expect(sim.store.userSettingsDefaults).toMatchObject({ color_scheme: 2, emojiset: 'google', enter_sends: false });
  });

  it('configures ignored parameters through the HTTP control API', async () => {
    const sim = newSim({ controlApi: true });
    const control = async (names: string) => {
      const response = await sim.fetch(
        new Request(`${SIM_ORIGIN}/__sim/ignored-parameters`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ names }),
        }),
      );
      return { status: response.status, body: await response.json() };
    };
    expect(await control(' web_home_view , emojiset ')).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters: ['web_home_view', 'emojiset'] },
    });
    expect((await patch(sim, { web_home_view: 'all_messages' })).body.ignored_parameters_unsupported).toEqual([
      'web_home_view',
    ]);
    await control('');
    expect((await patch(sim, { web_home_view: 'all_messages' })).body).toEqual({ result: 'success', msg: '' });
  });

  it('delivers the events to queues that asked for them, and the register state shows the change', async () => {
    const sim = newSim();
    const registered = await callSim(sim, 'POST', '/register', {
      as: 'member@demo.test',
      params: { event_types: ['realm_user_settings_defaults'], fetch_event_types: ['realm_user_settings_defaults'] },
    });
    const state = registered.body.realm_user_settings_defaults as Record<string, unknown>;
    expect(state.web_home_view).toBe('inbox');

    await patch(sim, { web_home_view: 'all_messages' });
    const { body } = await callSim(sim, 'GET', '/events', {
      as: 'member@demo.test',
      params: { queue_id: registered.body.queue_id, dont_block: true },
    });
    expect(body.events).toEqual([
      { id: 0, type: 'realm_user_settings_defaults', op: 'update', property: 'web_home_view', value: 'all_messages' },
    ]);
    const again = await callSim(sim, 'POST', '/register', {
      as: 'member@demo.test',
      params: { fetch_event_types: ['realm_user_settings_defaults'] },
    });
    expect((again.body.realm_user_settings_defaults as Record<string, unknown>).web_home_view).toBe('all_messages');
  });
});

describe('the settings table and the simulator', () => {
  it('names only settings the simulator keeps, each once', () => {
    const kept = Object.keys(initialUserSettings());
    const names = USER_SETTINGS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => !kept.includes(n))).toEqual([]);
  });

  it('matches the register state: what a server reports at its level is what the table says exists', async () => {
    for (const level of [300, 363, 420]) {
      const sim = newSim({ featureLevel: level });
      const { body } = await callSim(sim, 'POST', '/register', {
        as: 'admin@demo.test',
        params: { fetch_event_types: ['realm_user_settings_defaults'] },
      });
      const reported = body.realm_user_settings_defaults as Record<string, unknown>;
      for (const def of USER_SETTINGS) {
        expect([def.name, def.name in reported]).toEqual([def.name, userSettingExistsAt(def, level)]);
      }
    }
  });

  it('accepts the current value of every setting (a save of the unchanged form is valid)', async () => {
    const sim = newSim();
    const current = sim.store.userSettingsDefaults as unknown as Record<string, unknown>;
    const params = Object.fromEntries(
      USER_SETTINGS.filter((d) => userSettingExistsAt(d, 420)).map((d) => [d.name, current[d.name]]),
    );
    const { status, body } = await patch(sim, params);
    expect([status, body]).toEqual([200, { result: 'success', msg: '' }]);
  });
});
