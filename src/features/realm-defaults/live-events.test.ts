import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { UserSettingsDefaultsState } from '../../shared/bff/protocol';
import { userSettingsDefaultsQueryOptions } from './api/get-user-settings-defaults';
import { realmDefaultsEventHandlers } from './live-events';

const key = userSettingsDefaultsQueryOptions().queryKey;
const handle = realmDefaultsEventHandlers.realm_user_settings_defaults!;

function clientWith(state: UserSettingsDefaultsState | undefined) {
  const client = new QueryClient();
  if (state) client.setQueryData(key, state);
  return client;
}

const state: UserSettingsDefaultsState = {
  defaults: { web_home_view: 'inbox', color_scheme: 1, enter_sends: false },
  availableNotificationSounds: ['ding'],
  emojisetChoices: [{ key: 'google', text: 'Google' }],
};

describe('realmDefaultsEventHandlers', () => {
  it('patches exactly the named setting', () => {
    const client = clientWith(state);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    handle({ id: 3, type: 'realm_user_settings_defaults', op: 'update', property: 'color_scheme', value: 2 }, client);
    expect(client.getQueryData(key)).toEqual({ ...state, defaults: { ...state.defaults, color_scheme: 2 } });
    handle({ id: 4, type: 'realm_user_settings_defaults', op: 'update', property: 'new_setting', value: null }, client);
    expect(client.getQueryData(key)?.defaults).toMatchObject({ color_scheme: 2, new_setting: null });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('leaves an empty cache alone (the next read is fresh anyway)', () => {
    const client = clientWith(undefined);
    handle({ id: 1, type: 'realm_user_settings_defaults', op: 'update', property: 'enter_sends', value: true }, client);
    expect(client.getQueryData(key)).toBeUndefined();
  });

  it('refetches for a value the cache cannot hold, and ignores malformed events', () => {
    const client = clientWith(state);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    handle({ id: 1, type: 'realm_user_settings_defaults', op: 'update', property: 'x' }, client);
    handle({ id: 2, type: 'realm_user_settings_defaults', op: 'remove', property: 'enter_sends', value: 1 }, client);
    expect(client.getQueryData(key)).toEqual(state);
    expect(invalidate).not.toHaveBeenCalled();
    handle({ id: 3, type: 'realm_user_settings_defaults', op: 'update', property: 'x', value: { a: 1 } }, client);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['realm-defaults'] });
  });
});
