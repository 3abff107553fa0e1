import { COMMON_EMOJI, STATUS_PRESETS } from '../../src/components/status-emoji/common-emoji';
import { expect, signInAs, test, zulipApi } from './real-fixtures';

// The status picker against the real server: its emoji names and codes are the server's own, a preset saves in
// one click, and a custom emoji of the organization can be chosen. Aaron: a dev-data member no other spec uses.
const AARON = 'AARON@zulip.com';

interface StatusAnswer {
  status: { status_text?: string; emoji_name?: string; emoji_code?: string; reaction_type?: string };
}

test.afterEach(async () => {
  await zulipApi(AARON, 'POST', '/users/me/status', { status_text: '', emoji_name: '' });
});

test('every emoji the picker offers is accepted by the server under that name and code', async () => {
  const offered = new Set([...COMMON_EMOJI.map((e) => e.name), ...STATUS_PRESETS.map((p) => p.emoji)]);
  expect(offered.size).toBe(COMMON_EMOJI.length);
  for (const emoji of COMMON_EMOJI) {
    // The server checks that the name is one of its names for the code ("Invalid emoji name." otherwise).
    await zulipApi(AARON, 'POST', '/users/me/status', {
      emoji_name: emoji.name,
      emoji_code: emoji.code,
      reaction_type: 'unicode_emoji',
    });
  }
});

test('a preset saves in one click and the current status shows its emoji; a custom emoji can be chosen', async ({
  page,
}) => {
  const aaron = await signInAs(page, AARON, '/me');
  const form = page.getByRole('form', { name: 'My status' });
  const section = page.getByRole('region', { name: 'My status' });
  await form.getByRole('group', { name: 'Common statuses' }).getByRole('button', { name: 'Vacationing' }).click();
  await form.getByRole('button', { name: 'Save my status' }).click();
  await expect(page.getByText('Your status was updated.')).toBeVisible();
  const seen = await zulipApi<StatusAnswer>(AARON, 'GET', `/users/${aaron.user_id}/status`);
  expect(seen.status).toEqual({
    status_text: 'Vacationing',
    emoji_name: 'palm_tree',
    emoji_code: '1f334',
    reaction_type: 'unicode_emoji',
  });
  await expect(section).toContainText('Current status: 🌴 Vacationing');
  await expect(section).not.toContainText(':palm_tree:');

  // The dev organization's custom emoji (green_tick), found by a word of its name.
  const emoji = await zulipApi<{ emoji: Record<string, { id: string; name: string; deactivated: boolean }> }>(
    AARON,
    'GET',
    '/realm/emoji',
  );
  const custom = Object.values(emoji.emoji).find((e) => !e.deactivated);
  test.skip(!custom, 'the organization has no active custom emoji');
  await form.getByRole('combobox', { name: 'Emoji', exact: true }).fill(custom!.name);
  await page.getByRole('option', { name: custom!.name, exact: true }).click();
  await form.getByRole('button', { name: 'Save my status' }).click();
  await expect
    .poll(async () => (await zulipApi<StatusAnswer>(AARON, 'GET', `/users/${aaron.user_id}/status`)).status)
    .toMatchObject({ emoji_name: custom!.name, emoji_code: custom!.id, reaction_type: 'realm_emoji' });
  await expect(section.getByRole('img', { name: `:${custom!.name}:` })).toBeVisible();
});
