import { describe, expect, it } from 'vitest';
import type { Person } from '../../client/people';
import { ROLE } from '../../shared/svc/roles';
import {
  applicableSettings,
  applyParams,
  appliedMessage,
  audienceOf,
  audienceSentence,
  NOT_FOR_OTHERS_REASON,
} from './apply-to-existing';
import { applyToExistingBlockReason } from './permissions';

const person = (user_id: number, extra: Partial<Person> = {}): Person => ({
  user_id,
  full_name: `P${user_id}`,
  email: `p${user_id}@x.test`,
  is_active: true,
  is_bot: false,
  bot_type: null,
  bot_owner_id: null,
  role: 400,
  ...extra,
});

describe('applying saved defaults to existing users', () => {
  it('goes to every human account, deactivated ones included, never bots', () => {
    const audience = audienceOf([person(1), person(2, { is_active: false }), person(3, { is_bot: true, bot_type: 1 })]);
    expect(audience).toEqual({ userIds: [1, 2], active: 1, deactivated: 1 });
    expect(audienceSentence(audience)).toBe(
      'Everyone with an account: 2 people (1 active, 1 deactivated). Bots have no personal settings and are not changed.',
    );
  });

  it('offers the settings the server has, marking those each person decides', () => {
    const defaults = { web_home_view: 'inbox', presence_enabled: true, web_inbox_show_channel_folders: true };
    const at = (level: number) =>
      applicableSettings(defaults, level).map(({ def, reason }) => [def.name, reason] as const);
    expect(at(500)).toEqual([
      ['web_home_view', null],
      ['web_inbox_show_channel_folders', null],
      ['presence_enabled', NOT_FOR_OTHERS_REASON],
    ]);
    // Below 431 the server has no inbox folders setting.
    expect(at(430).map(([name]) => name)).toEqual(['web_home_view', 'presence_enabled']);
  });

  it('sends each chosen setting with its saved default and who it is for', () => {
    const audience = { userIds: [1, 2], active: 2, deactivated: 0 };
    expect(applyParams(['web_home_view'], { web_home_view: 'inbox', color_scheme: 2 }, audience, true)).toEqual({
      target_users: { user_ids: [1, 2], skip_if_already_edited: true },
      web_home_view: 'inbox',
    });
  });

  it('says what the server took, what it ignored, and never a count it did not give', () => {
    const audience = { userIds: [1, 2, 3], active: 3, deactivated: 0 };
    expect(appliedMessage(['web_home_view', 'color_scheme'], [], audience, false)).toEqual({
      title: 'Applied to existing users',
      message:
        'The chat server set Home view and Color theme for the 3 accounts asked for. It does not report how many accounts this changed.',
    });
    expect(appliedMessage(['web_home_view', 'hide_ai_features'], ['hide_ai_features'], audience, true).message).toBe(
      'The chat server set Home view for the 3 accounts asked for, except anyone who had changed it themselves. ' +
        'It ignored Hide AI features: this server does not know it. It does not report how many accounts this changed.',
    );
    expect(appliedMessage(['hide_ai_features'], ['hide_ai_features'], audience, true)).toEqual({
      title: 'Nothing applied',
      message: 'It ignored Hide AI features: this server does not know it.',
    });
  });
});

describe('applyToExistingBlockReason', () => {
  it('needs an administrator, level 444 and no unsaved changes', () => {
    const admin = { role: ROLE.administrator, unsavedChanges: 0 };
    expect(applyToExistingBlockReason({ ...admin, featureLevel: 444 })).toBeNull();
    expect(applyToExistingBlockReason({ ...admin, featureLevel: 443 })).toBe(
      'Needs a newer chat server: feature level 444, this one is at 443.',
    );
    expect(applyToExistingBlockReason({ ...admin, featureLevel: 500, unsavedChanges: 2 })).toBe(
      'Save or discard your changes first: only saved defaults are applied.',
    );
    expect(applyToExistingBlockReason({ role: ROLE.moderator, featureLevel: 500, unsavedChanges: 0 })).toBe(
      'Only organization administrators can change these defaults.',
    );
  });
});
