import type { Locator, Page } from '@playwright/test';
import { account, expect, signInAs, test, unique, zulipApi } from './real-fixtures';

interface GroupRecord {
  id: number;
  name: string;
  members: number[];
  direct_subgroup_ids: number[];
  can_mention_group: number | { direct_members: number[]; direct_subgroups: number[] };
  deactivated?: boolean;
}

async function groupNamed(name: string): Promise<GroupRecord | undefined> {
  const { user_groups } = await zulipApi<{ user_groups: GroupRecord[] }>('admin', 'GET', '/user_groups', {
    include_deactivated_groups: true,
  });
  return user_groups.find((g) => g.name === name);
}

async function choose(page: Page, input: Locator, text: string, option: string | RegExp = text) {
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

test('an admin creates a group with members and a subgroup, sets who can mention it, and deactivates it', async ({
  page,
}) => {
  const name = unique('e2e real group');
  const [hamlet, cordelia] = [account('hamlet@zulip.com'), account('cordelia@zulip.com')];
  await signInAs(page, 'admin', '/groups');
  await page.getByRole('button', { name: 'Create group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create group' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Made by the real-server e2e suite.');
  const members = dialog.getByRole('combobox', { name: 'Members' });
  await choose(page, members, 'King Hamlet');
  await choose(page, members, 'Cordelia', /Cordelia/);
  await choose(page, dialog.getByRole('combobox', { name: 'Subgroups' }), 'hamletcharacters');
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog).toBeHidden();

  const drawer = page.getByRole('dialog', { name });
  await drawer.getByRole('tab', { name: 'Members' }).click();
  await expect(drawer.getByText(/^2 direct members/)).toBeVisible();
  const created = await groupNamed(name);
  expect(created?.members.sort()).toEqual([hamlet.user_id, cordelia.user_id].sort());
  expect(created?.direct_subgroup_ids.length).toBe(1);

  await drawer.getByRole('tab', { name: 'Permissions' }).click();
  const mention = drawer.getByRole('group', { name: 'Who can mention this group' });
  await choose(page, mention.getByRole('combobox', { name: 'Group' }), 'Moderators');
  await drawer.getByRole('button', { name: 'Save permissions' }).click();
  await expect(drawer.getByRole('table', { name: 'Permission settings' })).toContainText('Moderators');
  const moderators = await groupNamed('role:moderators');
  expect((await groupNamed(name))?.can_mention_group).toBe(moderators?.id);

  await drawer.getByRole('tab', { name: 'Overview' }).click();
  await drawer.getByRole('button', { name: 'Deactivate', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: /^Deactivate/ });
  await confirm.getByRole('button', { name: 'Deactivate group' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(async () => (await groupNamed(name))?.deactivated).toBe(true);
});
