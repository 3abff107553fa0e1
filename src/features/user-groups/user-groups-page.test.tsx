// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callSim } from '../../sim/svc';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { UserGroupsPage } from './user-groups-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 5 });

const DESIGN_TEAM = 9;
const TEAM_LEADS = 11;
const LEADERSHIP = 12;

function systemGroupId(name: string): number {
  const group = env.sim.store.userGroups.find((g) => g.isSystemGroup && g.name === name);
  if (!group) throw new Error(`no system group ${name}`);
  return group.id;
}

function user(email: string) {
  const found = env.sim.store.userByDeliveryEmail(email);
  if (!found) throw new Error(`no user ${email}`);
  return found;
}

async function openPermissions(groupId: number) {
  const view = renderWithProviders(<UserGroupsPage />, { route: `/groups?group=${groupId}&tab=permissions` });
  const drawer = await screen.findByRole('dialog', { name: 'design-team' });
  const picker = await within(drawer).findByRole('group', { name: 'Who can mention this group' });
  return { view, drawer, picker };
}

async function chooseGroup(
  view: { user: ReturnType<typeof renderWithProviders>['user'] },
  picker: HTMLElement,
  name: string,
) {
  await view.user.click(within(picker).getByRole('combobox', { name: 'Group' }));
  await view.user.click(await screen.findByRole('option', { name }));
}

describe('Permission settings with conflict detection', () => {
  it('shows both values when another admin saved first, and retrying on the fresh value succeeds', async () => {
    const { view, drawer, picker } = await openPermissions(DESIGN_TEAM);
    expect(within(drawer).getByRole('table', { name: 'Permission settings' })).toHaveTextContent(
      'Who can mention this groupEveryone including guests',
    );
    await chooseGroup(view, picker, 'Members');

    // Another admin changes the same setting meanwhile.
    const other = await callSim(env.sim, 'PATCH', `/user_groups/${DESIGN_TEAM}`, {
      as: 'owner@demo.test',
      params: { can_mention_group: { new: systemGroupId('role:administrators') } },
    });
    expect(other.status).toBe(200);

    await view.user.click(within(drawer).getByRole('button', { name: 'Save permissions' }));
    const alert = await within(drawer).findByRole('alert', { name: /Someone else changed these permissions/ });
    expect(alert).toHaveTextContent("'old' value does not match the expected value.");
    expect(alert).toHaveTextContent(
      'Who can mention this group: You tried: Members. It is now: Administrators (changed by someone else).',
    );
    // Nothing was overwritten.
    expect(env.sim.store.userGroup(DESIGN_TEAM)!.permissions.can_mention_group).toBe(
      systemGroupId('role:administrators'),
    );

    await view.user.click(within(alert).getByRole('button', { name: 'Retry with my value' }));
    await waitFor(() =>
      expect(env.sim.store.userGroup(DESIGN_TEAM)!.permissions.can_mention_group).toBe(systemGroupId('role:members')),
    );
    await waitFor(() => expect(within(drawer).queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(drawer).getByRole('table', { name: 'Permission settings' })).toHaveTextContent(
        'Who can mention this groupMembers',
      ),
    );
    // What was saved has the focus, not the page's body (the Save button is disabled now).
    expect(within(drawer).getByRole('table', { name: 'Permission settings' })).toHaveFocus();
  });

  it('“Keep theirs” drops my value and shows the fresh one, sending nothing', async () => {
    const { view, drawer, picker } = await openPermissions(DESIGN_TEAM);
    await chooseGroup(view, picker, 'Members');
    await callSim(env.sim, 'PATCH', `/user_groups/${DESIGN_TEAM}`, {
      as: 'owner@demo.test',
      params: { can_mention_group: { new: systemGroupId('role:moderators') } },
    });
    await view.user.click(within(drawer).getByRole('button', { name: 'Save permissions' }));
    const alert = await within(drawer).findByRole('alert', { name: /Someone else changed/ });
    await view.user.click(within(alert).getByRole('button', { name: 'Keep theirs' }));

    expect(within(drawer).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(picker).getByRole('combobox', { name: 'Group' })).toHaveValue('Moderators');
    expect(within(drawer).getByRole('button', { name: 'Save permissions' })).toBeDisabled();
    expect(env.sim.store.userGroup(DESIGN_TEAM)!.permissions.can_mention_group).toBe(systemGroupId('role:moderators'));
  });

  it('does not offer “Everyone including guests” for who can manage the group', async () => {
    const { view, drawer } = await openPermissions(DESIGN_TEAM);
    const manage = within(drawer).getByRole('group', { name: 'Who can manage this group' });
    // Ad-hoc mode: the groups list must leave it out too.
    await view.user.click(within(manage).getByRole('combobox', { name: 'Groups' }));
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Administrators');
    expect(options).not.toContain('Everyone including guests');
    expect(options).not.toContain('Everyone on the internet');
    // A deactivated group is never offered.
    expect(options).not.toContain('2019-offsite-committee');
  });
});

describe('Who can do what', () => {
  it('explains a person’s grant through a subgroup chain, and lists who holds a permission', async () => {
    const mia = user('member@demo.test');
    // Mia is in team-leads, a subgroup of leadership; team-leads' mention permission is given to leadership.
    await callSim(env.sim, 'PATCH', `/user_groups/${TEAM_LEADS}`, {
      as: 'owner@demo.test',
      params: { can_mention_group: { new: LEADERSHIP } },
    });
    const view = renderWithProviders(<UserGroupsPage />, { route: `/groups?view=access&user=${mia.user_id}` });
    const held = await screen.findByRole('table', { name: 'Permissions held' });
    // The list is long (everyone's channel permissions); narrowing keeps the row in the virtual window.
    await view.user.type(screen.getByRole('textbox', { name: 'Filter permissions' }), 'mention this group (team-leads');
    await waitFor(() =>
      expect(held).toHaveTextContent(
        'Mia Member → team-leads → subgroup of leadership → Who can mention this group (team-leads)',
      ),
    );
    expect(screen.getByText(/Mia Member holds \d+ group-based permissions/)).toBeInTheDocument();

    await view.user.click(screen.getByRole('combobox', { name: 'Permission' }));
    await view.user.type(
      screen.getByRole('combobox', { name: 'Permission' }),
      'Who can mention this group (team-leads',
    );
    await view.user.click(await screen.findByRole('option', { name: 'Who can mention this group (team-leads)' }));
    expect(view.searchParams().get('permission')).toBe(`group:${TEAM_LEADS}:can_mention_group`);
    const holders = await screen.findByRole('table', { name: 'People who hold it' });
    // leadership: the owner directly, and team-leads' members (Mia, the moderator) through the subgroup.
    expect(screen.getByText('3 people hold “Who can mention this group” (team-leads)')).toBeInTheDocument();
    expect(holders).toHaveTextContent(
      'Mia Member → team-leads → subgroup of leadership → Who can mention this group (team-leads)',
    );
  });
});

describe('Deactivation', () => {
  it('shows the server’s refusal and where the group is still used', async () => {
    env.signInAs('owner@demo.test');
    const view = renderWithProviders(<UserGroupsPage />, { route: `/groups?group=${TEAM_LEADS}` });
    const drawer = await screen.findByRole('dialog', { name: 'team-leads' });
    const button = await within(drawer).findByRole('button', { name: 'Deactivate' });
    await waitFor(() => expect(button).toBeEnabled());
    await view.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate team-leads?' });
    expect(dialog).toHaveTextContent('can no longer be mentioned or used in permissions');
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate group' }));
    expect(await within(dialog).findByText('Cannot deactivate user group in use.')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Where the group is used' })).toHaveTextContent(
      'Subgroup of leadership',
    );
    expect(env.sim.store.userGroup(TEAM_LEADS)!.deactivated).toBe(false);
  });
});
