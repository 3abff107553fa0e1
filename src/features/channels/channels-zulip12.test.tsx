// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SystemGroupName } from '../../shared/svc/group-settings';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { TOPIC_STARTERS_RULE } from './channel-level-rules';
import { ChannelsPage } from './channels-page';

/**
 * Three Zulip 11/12 changes on both sides of their level, through the real BFF in front of the simulator:
 * who can start new topics (441), subscriber counts on the record (394), archived channels' reads (480).
 */

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 3 });

const LABEL = 'Who can start new topics';
const channelNamed = (name: string) => env.sim.store.channels.find((c) => c.name === name)!;
const groupId = (name: SystemGroupName) => env.sim.store.systemGroup(name).id;

/** The paths of the chat requests the page makes from now on. */
function svcReads(): () => string[] {
  const paths: string[] = [];
  env.server.events.on('request:start', ({ request }) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/bff/svc/')) paths.push(pathname.slice('/bff/svc'.length));
  });
  return () => paths;
}

async function openChannel(name: string, tab: string) {
  const id = channelNamed(name).stream_id;
  const view = renderWithProviders(<ChannelsPage />, { route: `/channels?channel=${id}&tab=${tab}` });
  const drawer = await screen.findByRole('dialog', { name: `#${name}` });
  return { view, drawer, id };
}

async function permissionsOf(name: string) {
  const opened = await openChannel(name, 'settings');
  const section = within(opened.drawer).getByRole('region', { name: 'Permissions' });
  return { ...opened, section, picker: await within(section).findByRole('group', { name: LABEL }) };
}

async function chooseGroup(view: ReturnType<typeof renderWithProviders>, picker: HTMLElement, name: string) {
  // A new setting starts as an (empty) set of people and groups.
  const oneGroup = within(picker).getByRole('radio', { name: 'A group' });
  if (!(oneGroup as HTMLInputElement).checked) await view.user.click(oneGroup);
  const select = within(picker).getByRole('combobox', { name: 'Group' });
  await waitFor(() => expect(select).toBeEnabled());
  await view.user.click(select);
  await view.user.click(await screen.findByRole('option', { name }));
}

describe('who can start new topics (level 441)', () => {
  it('is shown and changed with the group-setting picker, and the server holds it', async () => {
    const { view, section, picker, id } = await permissionsOf('design');
    expect(picker).toHaveTextContent('Now: Everyone including guests');
    await chooseGroup(view, picker, 'Administrators');
    await view.user.click(within(section).getByRole('button', { name: 'Save permissions' }));
    await waitFor(() =>
      expect(env.sim.store.channel(id)!.permissions.can_create_topic_group).toBe(groupId('role:administrators')),
    );
  });

  it('is named with its level in the panel’s one note on a server before level 441, without a control', async () => {
    env.sim.control.setFeatureLevel(440);
    const { drawer } = await openChannel('design', 'settings');
    const section = within(drawer).getByRole('region', { name: 'Permissions' });
    await within(section).findByRole('group', { name: 'Who can post' });
    expect(within(section).getByRole('note')).toHaveTextContent(
      `Needs a newer chat server (this one is at feature level 440): ${LABEL} (level 441).`,
    );
    expect(within(section).queryByRole('group', { name: LABEL })).toBeNull();
  });

  it('must stay everyone in a private channel with protected history: said on the field, Save disabled', async () => {
    const { view, section, picker } = await permissionsOf('leadership');
    await chooseGroup(view, picker, 'Moderators');
    expect(await within(picker).findByText(TOPIC_STARTERS_RULE)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Save permissions' })).toBeDisabled();
  });

  it('says why protected history is refused, and the server’s refusal reads in words', async () => {
    const design = channelNamed('design');
    design.permissions.can_create_topic_group = groupId('role:members');
    const { view, drawer } = await openChannel('design', 'settings');
    const privacy = within(drawer).getByRole('region', { name: 'Privacy' });
    await view.user.click(within(privacy).getByRole('radio', { name: /Private, protected history/ }));
    expect(await within(privacy).findByRole('note')).toHaveTextContent(`set “${LABEL}” to “Everyone including guests”`);
    await view.user.click(within(privacy).getByRole('button', { name: 'Save privacy' }));
    expect(
      await within(privacy).findByText('A private channel with protected history must let everyone start new topics.'),
    ).toBeInTheDocument();
    expect(design.inviteOnly).toBe(false);
  });

  it('is offered when creating a channel, and the new channel has it', async () => {
    const view = renderWithProviders(<ChannelsPage />, { route: '/channels' });
    await view.user.click(await screen.findByRole('button', { name: 'Create channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create channel' });
    await view.user.type(within(dialog).getByLabelText(/^Name/), 'quiet-room');
    const setIt = within(dialog).getByRole('checkbox', { name: `Set “${LABEL}”` });
    await waitFor(() => expect(setIt).toBeEnabled());
    await view.user.click(setIt);
    await chooseGroup(view, within(dialog).getByRole('group', { name: LABEL }), 'Moderators');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create channel' }));
    await waitFor(() => expect(env.sim.store.channels.some((c) => c.name === 'quiet-room')).toBe(true));
    expect(channelNamed('quiet-room').permissions.can_create_topic_group).toBe(groupId('role:moderators'));
  });

  it('is disabled with the reason in the create form before level 441', async () => {
    env.sim.control.setFeatureLevel(440);
    const view = renderWithProviders(<ChannelsPage />, { route: '/channels' });
    await view.user.click(await screen.findByRole('button', { name: 'Create channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create channel' });
    const setIt = within(dialog).getByRole('checkbox', {
      name: `Set “${LABEL}”`,
      description: 'Needs a newer chat server: feature level 441, this one is at 440.',
    });
    expect(setIt).toBeDisabled();
  });

  it('is in the overview from level 441, and explained below it', async () => {
    const first = await openChannel('design', 'overview');
    const table = await within(first.drawer).findByRole('table', { name: 'Channel permissions' });
    expect(within(table).getByRole('row', { name: new RegExp(`^${LABEL}`) })).toHaveTextContent(
      'Everyone including guests',
    );
    first.view.unmount();

    env.sim.control.setFeatureLevel(440);
    const older = await openChannel('design', 'overview');
    const olderTable = await within(older.drawer).findByRole('table', { name: 'Channel permissions' });
    expect(within(olderTable).queryByRole('row', { name: new RegExp(`^${LABEL}`) })).toBeNull();
    // Said once for the panel, with the level it needs.
    const notes = within(older.drawer).getAllByRole('note');
    expect(notes.filter((n) => /Needs a newer chat server/.test(n.textContent ?? ''))).toHaveLength(1);
    expect(within(older.drawer).getByText(/Needs a newer chat server/)).toHaveTextContent(`${LABEL} (level 441)`);
  });
});

describe('subscriber counts (level 394)', () => {
  const countRow = async (drawer: HTMLElement) =>
    within(await within(drawer).findByRole('table', { name: 'Channel settings' })).getByRole('row', {
      name: /^Subscribers/,
    });

  it('come from the channel record, with no request for the subscribers', async () => {
    const reads = svcReads();
    const { drawer, id } = await openChannel('design', 'overview');
    expect(await countRow(drawer)).toHaveTextContent(/^Subscribers4$/);
    expect(reads()).not.toContain(`/streams/${id}/members`);
  });

  it('are counted from the subscribers list below level 394', async () => {
    env.sim.control.setFeatureLevel(393);
    const reads = svcReads();
    const { drawer, id } = await openChannel('design', 'overview');
    const row = await countRow(drawer);
    await waitFor(() => expect(row).toHaveTextContent(/^Subscribers4$/));
    expect(reads()).toContain(`/streams/${id}/members`);
  });
});

describe('archived channels (level 480)', () => {
  it('list their subscribers and topics from level 480', async () => {
    const subscribers = await openChannel('legacy-releases', 'subscribers');
    expect(await within(subscribers.drawer).findByRole('heading', { name: '4 subscribers' })).toBeInTheDocument();
    subscribers.view.unmount();
    const topics = await openChannel('legacy-releases', 'topics');
    expect(await within(topics.drawer).findByRole('table', { name: 'Topics' })).toBeInTheDocument();
  });

  it('say why they cannot be read below level 480, without asking the server', async () => {
    env.sim.control.setFeatureLevel(479);
    const reads = svcReads();
    const { view, drawer, id } = await openChannel('legacy-releases', 'subscribers');
    expect(await within(drawer).findByRole('note')).toHaveTextContent(
      'Subscribers cannot be readThis server does not let anyone read an archived channel’s subscribers and topics. Needs a newer chat server: feature level 480, this one is at 479.',
    );
    await view.user.click(within(drawer).getByRole('tab', { name: 'Topics' }));
    expect(await within(drawer).findByRole('note')).toHaveTextContent('Topics cannot be read');
    expect(within(drawer).queryByRole('alert')).toBeNull();
    expect(reads().filter((path) => path.includes(`${id}/`))).toEqual([]);
  });
});
