import { describe, expect, it } from 'vitest';
import { USER_SETTINGS_BY_NAME } from '../../shared/svc/user-settings-defaults';
import { appliedChanges } from './api/update-user-settings-defaults';
import {
  changedSettings,
  changeErrors,
  formatChangeCount,
  initialFormValues,
  integerError,
  rebaseFormValues,
  unavailableReason,
  visibleSettings,
} from './settings-form';

const def = (name: string) => USER_SETTINGS_BY_NAME.get(name)!;

describe('settings form', () => {
  it('shows dense mode only below level 364', () => {
    expect(visibleSettings(363).map((d) => d.name)).toContain('dense_mode');
    expect(visibleSettings(364).map((d) => d.name)).not.toContain('dense_mode');
  });

  it('says why a setting cannot be edited on this server', () => {
    expect(unavailableReason(def('hide_ai_features'), {}, 349)).toBe(
      'Needs a newer chat server: feature level 350, this one is at 349.',
    );
    expect(unavailableReason(def('hide_ai_features'), {}, 420)).toBe('This server does not report this setting.');
    expect(unavailableReason(def('hide_ai_features'), { hide_ai_features: false }, 420)).toBeNull();
  });

  it('starts from the values the server reports for settings it knows', () => {
    expect(initialFormValues({ enter_sends: true, dense_mode: false, unknown: 1 }, 420)).toEqual({ enter_sends: true });
    expect(initialFormValues({ dense_mode: false }, 300)).toEqual({ dense_mode: false });
  });

  it('finds the changed settings in table order', () => {
    const server = { enter_sends: false, color_scheme: 1, web_home_view: 'inbox' };
    expect(changedSettings({ ...server }, server)).toEqual({});
    expect(changedSettings({ enter_sends: true, color_scheme: 2, web_home_view: 'inbox' }, server)).toEqual({
      color_scheme: 2,
      enter_sends: true,
    });
  });

  it('checks changed numbers against the offered range', () => {
    expect(integerError(def('web_font_size_px'), 16)).toBeNull();
    expect(integerError(def('web_font_size_px'), 21)).toBe('Enter a value from 12 to 20 px.');
    expect(integerError(def('web_line_height_percent'), 100)).toBe('Enter a value from 122 to 158%.');
    expect(integerError(def('web_font_size_px'), '')).toBe('Enter a number.');
    expect(integerError(def('web_font_size_px'), 14.5)).toBe('Enter a whole number.');
    expect(integerError(def('enter_sends'), true)).toBeNull();
    expect(changeErrors({ web_font_size_px: 30, enter_sends: true })).toEqual({
      web_font_size_px: 'Enter a value from 12 to 20 px.',
    });
  });

  it('follows the server where the admin has not edited, and keeps their edits', () => {
    const previous = { color_scheme: 1, enter_sends: false, emojiset: 'google' };
    const next = { color_scheme: 3, enter_sends: true, emojiset: 'google' };
    expect(rebaseFormValues({ color_scheme: 2, enter_sends: false, emojiset: 'text' }, previous, next)).toEqual({
      color_scheme: 2,
      enter_sends: true,
      emojiset: 'text',
    });
  });

  it('counts unsaved changes in words', () => {
    expect([0, 1, 2].map(formatChangeCount)).toEqual(['No unsaved changes', '1 unsaved change', '2 unsaved changes']);
  });

  it('keeps only what the server applied', () => {
    expect(appliedChanges({ color_scheme: 2, enter_sends: true }, ['color_scheme'])).toEqual({ enter_sends: true });
    expect(appliedChanges({ color_scheme: 2 }, undefined)).toEqual({ color_scheme: 2 });
  });
});
