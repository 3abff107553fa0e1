import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { createUserGroup, pickMembers, simCall, userGroupRecord } from './sim-api';

// Every spec shares one simulator: groups are made fresh with unique names, and seeded groups are not changed.
const unique = (label: string) => `e2e-ug-${label}-${Date.now().toString(36)}`;

async function systemGroupId(name: string): Promise<number> {
  const { user_groups } = (await simCall('admin@demo.test', 'GET', '/user_groups')) as unknown as {
    user_groups: { id: number; name: string }[];
  };
  return user_groups.find((g) => g.name === name)!.id;
}

/** Types into a searchable select or multi-select and picks the first matching option. */
async function choose(page: Page, input: Locator, text: string, option: string = text) {
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

/** The option labels a select lists after typing `text` (none when nothing matches). */
async function optionsAfterTyping(page: Page, input: Locator, text: string): Promise<string[]> {
  await input.click();
  await input.fill(text);
  const listbox = page.getByRole('listbox');
  await expect(listbox.or(page.getByText(/No matching/)).first()).toBeVisible();
  return page.getByRole('option').allTextContents();
}

async function openGroup(page: Page, id: number, name: string, tab?: string) {
  await page.goto(`/groups?group=${id}${tab ? `&tab=${tab}` : ''}`);
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('an admin creates a group with two members, a subgroup and an ad-hoc mention permission', async ({ page }) => {
  const [first, second, third] = await pickMembers(3, 20);
  const sub = unique('sub');
  await createUserGroup('admin@demo.test', sub, { members: [third!.user_id] });
  const name = unique('created');

  await signIn(page, 'admin@demo.test', undefined, '/groups');
  await page.getByRole('button', { name: 'Create group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create group' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Made by the e2e suite.');
  const members = dialog.getByRole('combobox', { name: 'Members' });
  await choose(page, members, first!.full_name);
  await choose(page, members, second!.full_name);
  await choose(page, dialog.getByRole('combobox', { name: 'Subgroups' }), sub);
  await dialog.getByRole('checkbox', { name: 'Set “Who can mention this group”' }).check();
  const picker = dialog.getByRole('group', { name: 'Who can mention this group' });
  await picker.getByRole('radio', { name: 'Specific people and groups' }).check();
  const people = picker.getByRole('combobox', { name: 'People' });
  await choose(page, people, first!.full_name);
  await choose(page, people, third!.full_name);
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog).toBeHidden();

  // The creator lands on the new group.
  const drawer = page.getByRole('dialog', { name });
  await drawer.getByRole('tab', { name: 'Permissions' }).click();
  await expect(drawer.getByRole('table', { name: 'Permission settings' })).toContainText(
    `${first!.full_name} and ${third!.full_name}`,
  );
  await drawer.getByRole('tab', { name: 'Members' }).click();
  await expect(drawer.getByText('2 direct members; 3 including subgroups')).toBeVisible();
  await drawer.getByRole('tab', { name: 'Subgroups' }).click();
  await expect(drawer.getByRole('list', { name: 'Subgroups' })).toContainText(sub);

  // The list counts members directly and through subgroups.
  await page.keyboard.press('Escape');
  await page.getByLabel('Search groups').fill(name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('23');
});

test('two admins edit the same permission: the second save is refused with the fresh value, and a retry succeeds', async ({
  browser,
}) => {
  const name = unique('conflict');
  const id = await createUserGroup('admin@demo.test', name);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signIn(a, 'admin@demo.test', undefined, `/groups?group=${id}&tab=permissions`);
  await signIn(b, 'owner@demo.test', undefined, `/groups?group=${id}&tab=permissions`);
  const drawerA = a.getByRole('dialog', { name });
  const drawerB = b.getByRole('dialog', { name });
  const mentionA = drawerA.getByRole('group', { name: 'Who can mention this group' });
  const mentionB = drawerB.getByRole('group', { name: 'Who can mention this group' });

  // The owner starts editing first; the admin saves first.
  await choose(b, mentionB.getByRole('combobox', { name: 'Group' }), 'Moderators');
  await choose(a, mentionA.getByRole('combobox', { name: 'Group' }), 'Administrators');
  await drawerA.getByRole('button', { name: 'Save permissions' }).click();
  await expect(drawerA.getByRole('table', { name: 'Permission settings' })).toContainText(
    'Who can mention this groupAdministrators',
  );

  await drawerB.getByRole('button', { name: 'Save permissions' }).click();
  const conflict = drawerB.getByRole('alert').filter({ hasText: 'Someone else changed these permissions' });
  await expect(conflict).toContainText("'old' value does not match the expected value.");
  await expect(conflict).toContainText('You tried: Moderators. It is now: Administrators (changed by someone else).');
  expect((await userGroupRecord(id)).can_mention_group).toBe(await systemGroupId('role:administrators'));

  await conflict.getByRole('button', { name: 'Retry with my value' }).click();
  await expect(conflict).toBeHidden();
  await expect(drawerB.getByRole('table', { name: 'Permission settings' })).toContainText(
    'Who can mention this groupModerators',
  );
  expect((await userGroupRecord(id)).can_mention_group).toBe(await systemGroupId('role:moderators'));
  // The first admin sees the outcome live.
  await expect(drawerA.getByRole('table', { name: 'Permission settings' })).toContainText(
    'Who can mention this groupModerators',
  );
});

test('a subgroup that would form a cycle is not offered, and "Everyone including guests" cannot manage a group', async ({
  page,
}) => {
  const inner = unique('inner');
  const innerId = await createUserGroup('admin@demo.test', inner);
  const outer = unique('outer');
  await createUserGroup('admin@demo.test', outer, { subgroups: [innerId] });

  await signIn(page, 'admin@demo.test', undefined, '/groups');
  const drawer = await openGroup(page, innerId, inner, 'subgroups');
  await expect(drawer.getByRole('list', { name: 'Subgroup of' })).toContainText(outer);
  const offered = await optionsAfterTyping(
    page,
    drawer.getByRole('combobox', { name: 'Add subgroups' }),
    'e2e-ug-outer',
  );
  expect(offered).not.toContain(outer);
  await expect(drawer.getByRole('list', { name: 'Not offered' })).toContainText(
    `${outer} already contains this group (${inner} ⊂ ${outer}), so adding it would form a cycle.`,
  );
  await page.keyboard.press('Escape');

  await drawer.getByRole('tab', { name: 'Permissions' }).click();
  const manage = drawer.getByRole('group', { name: 'Who can manage this group' });
  const options = await optionsAfterTyping(page, manage.getByRole('combobox', { name: 'Group' }), 'Everyone');
  expect(options).not.toContain('Everyone including guests');
  expect(options).not.toContain('Everyone on the internet');
  await manage.getByRole('combobox', { name: 'Group' }).fill('');
  expect(await page.getByRole('option').allTextContents()).toContain('Members');
});

test('deactivate then reactivate a group; a deactivated group is offered in no picker', async ({ page }) => {
  const name = unique('deact');
  const id = await createUserGroup('admin@demo.test', name);
  await signIn(page, 'admin@demo.test', undefined, '/groups');
  let drawer = await openGroup(page, id, name);

  await drawer.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await expect(confirm).toContainText('can no longer be mentioned or used in permissions');
  await confirm.getByRole('button', { name: 'Deactivate group' }).click();
  await expect(confirm).toBeHidden();
  await expect(drawer.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  expect((await userGroupRecord(id)).deactivated).toBe(true);

  // Not offered as a subgroup, nor in a permission picker, nor when creating a group.
  await drawer.getByRole('tab', { name: 'Permissions' }).click();
  await page.keyboard.press('Escape');
  drawer = await openGroup(page, 9, 'design-team', 'subgroups');
  expect(await optionsAfterTyping(page, drawer.getByRole('combobox', { name: 'Add subgroups' }), name)).toEqual([]);
  await page.keyboard.press('Escape');
  await drawer.getByRole('tab', { name: 'Permissions' }).click();
  const mention = drawer.getByRole('group', { name: 'Who can mention this group' });
  expect(await optionsAfterTyping(page, mention.getByRole('combobox', { name: 'Group' }), name)).toEqual([]);
  await page.goto('/groups');
  await page.getByRole('button', { name: 'Create group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create group' });
  expect(await optionsAfterTyping(page, dialog.getByRole('combobox', { name: 'Subgroups' }), name)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Still listed (marked), and reactivated from its drawer.
  await page.getByLabel('Search groups').fill(name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Deactivated');
  drawer = await openGroup(page, id, name);
  await drawer.getByRole('button', { name: 'Reactivate' }).click();
  await expect(drawer.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  expect((await userGroupRecord(id)).deactivated).toBe(false);
});

test('"who can do what" explains a grant through a subgroup chain', async ({ page }) => {
  const [person] = await pickMembers(1, 24);
  const inner = unique('chain-inner');
  const innerId = await createUserGroup('admin@demo.test', inner, { members: [person!.user_id] });
  const outer = unique('chain-outer');
  const outerId = await createUserGroup('admin@demo.test', outer, { subgroups: [innerId] });
  const target = unique('chain-target');
  await createUserGroup('admin@demo.test', target, { settings: { can_mention_group: outerId } });

  await signIn(page, 'admin@demo.test', undefined, '/groups');
  await page.getByRole('tab', { name: 'Who can do what' }).click();
  await choose(page, page.getByRole('combobox', { name: 'Person' }), person!.full_name);
  await page.getByRole('textbox', { name: 'Filter permissions' }).fill(target);
  await expect(page.getByRole('table', { name: 'Permissions held' })).toContainText(
    `${person!.full_name} → ${inner} → subgroup of ${outer} → Who can mention this group (${target})`,
  );

  // And from the permission's side: who holds it, and how.
  await choose(
    page,
    page.getByRole('combobox', { name: 'Permission' }),
    target,
    `Who can mention this group (${target})`,
  );
  await expect(page.getByText(`1 person holds “Who can mention this group” (${target})`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'People who hold it' })).toContainText(person!.full_name);
});
