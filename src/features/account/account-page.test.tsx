// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../client/api-error';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AccountPage } from './account-page';
import { consentStatus } from './data-export-consent-section';
import { pushOutcome } from './push-test-section';

const env = setupSimServer({ as: 'member@demo.test' });

function memberId() {
  return env.sim.store.userByDeliveryEmail('member@demo.test')!.user_id;
}

async function renderPage() {
  const view = renderWithProviders(<AccountPage />, { route: '/me' });
  await screen.findByRole('heading', { name: 'Mia Member' });
  return view;
}

describe('My account', () => {
  it('shows the own-user record with the role by name', async () => {
    await renderPage();
    const profile = screen.getByRole('region', { name: 'Mia Member' });
    expect(profile).toHaveTextContent('member@demo.test');
    expect(profile).toHaveTextContent('Member');
    expect(profile).toHaveTextContent('Joined');
  });

  it('saves my status and shows it as current', async () => {
    env.sim.store.statuses.delete(memberId());
    const view = await renderPage();
    const form = await screen.findByRole('form', { name: 'My status' });
    await view.user.type(within(form).getByLabelText('Status text'), 'Deep work');
    await view.user.type(within(form).getByLabelText('Emoji name'), 'car');
    await view.user.click(within(form).getByRole('button', { name: 'Save my status' }));
    await waitFor(() =>
      expect(env.sim.store.statuses.get(memberId())).toMatchObject({ status_text: 'Deep work', emoji_name: 'car' }),
    );
    const section = screen.getByRole('region', { name: 'My status' });
    await waitFor(() => expect(section).toHaveTextContent('Current status: 🚗 Deep work'));
  });

  it('blocks 61 characters with the catalog’s message and shows the server’s emoji refusal verbatim', async () => {
    env.sim.store.statuses.delete(memberId());
    const view = await renderPage();
    const form = await screen.findByRole('form', { name: 'My status' });
    const text = within(form).getByLabelText('Status text');
    await view.user.click(text);
    await view.user.paste('x'.repeat(61));
    expect(within(form).getByText('Status text is too long (limit: 60 characters)')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save my status' })).toBeDisabled();

    await view.user.clear(text);
    await view.user.type(within(form).getByLabelText('Emoji name'), 'xyz');
    await view.user.click(within(form).getByRole('button', { name: 'Save my status' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent("Emoji 'xyz' does not exist");
  });

  it('changes a channel’s notifications with a native select, and the row stays where it is', async () => {
    const view = await renderPage();
    const table = await screen.findByRole('table', { name: 'My channel subscriptions' });
    const general = env.sim.store.channels.find((c) => c.name === 'general')!;
    const push = within(table).getByRole('combobox', { name: 'Push notifications for #general' });
    expect(push).toHaveValue('default');
    await view.user.selectOptions(push, 'on');
    await waitFor(() =>
      expect(env.sim.store.subscription(memberId(), general.stream_id)?.pushNotifications).toBe(true),
    );
    await waitFor(() =>
      expect(within(table).getByRole('combobox', { name: 'Push notifications for #general' })).toHaveValue('on'),
    );
  });

  it('says what it saw saved after a mute or notification change, and only that', async () => {
    const view = await renderPage();
    const table = await screen.findByRole('table', { name: 'My channel subscriptions' });
    const general = env.sim.store.channels.find((c) => c.name === 'general')!;
    expect(screen.queryByRole('status', { name: 'Subscription change' })).toBeNull();
    await view.user.click(within(table).getByRole('switch', { name: 'Mute #general' }));
    const feedback = await screen.findByRole('status', { name: 'Subscription change' });
    await waitFor(() => expect(feedback).toHaveTextContent('Saved: #general is muted.'));
    expect(env.sim.store.subscription(memberId(), general.stream_id)?.isMuted).toBe(true);

    await view.user.selectOptions(
      within(table).getByRole('combobox', { name: 'Email notifications for #general' }),
      'off',
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Subscription change' })).toHaveTextContent(
        'Saved: Email notifications for #general are off.',
      ),
    );

    // Accepted, but the read-back fails: it says what is known, not "saved".
    env.sim.control.failNext(5, 500, 'envelope', { method: 'GET', pathPrefix: '/users/me/subscriptions' });
    await view.user.click(within(table).getByRole('switch', { name: 'Mute #general' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Subscription change' })).toHaveTextContent(
        'The server accepted the change (#general is unmuted), but it could not be read back to confirm it.',
      ),
    );
    expect(screen.getByRole('status', { name: 'Subscription change' })).not.toHaveTextContent('Saved');
    expect(env.sim.store.subscription(memberId(), general.stream_id)?.isMuted).toBe(false);
  });

  it('renders only the rows in view for an account that follows hundreds of channels', async () => {
    for (let i = 0; i < 300; i++) {
      env.sim.store.addChannel({
        name: `team-${String(i).padStart(3, '0')}`,
        description: '',
        inviteOnly: false,
        isWebPublic: false,
        isArchived: false,
        dateCreated: 0,
        creatorId: memberId(),
        subscribers: new Set([memberId()]),
      });
    }
    await renderPage();
    const table = await screen.findByRole('table', { name: 'My channel subscriptions' });
    expect(Number(table.getAttribute('aria-rowcount'))).toBeGreaterThan(300);
    expect(within(table).getAllByRole('row').length).toBeLessThan(40);
    expect(within(table).getAllByRole('combobox').length).toBeLessThan(200);
  });

  it('explains each push test outcome', async () => {
    const view = await renderPage();
    const send = screen.getByRole('button', { name: 'Send test push notification' });
    await view.user.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent('No device to notify');

    env.sim.control.setPushState({ devices: [{ push_account_id: 5, device_id: 9 }], bouncer: 'unreachable' });
    await view.user.click(send);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Push service unreachable'));

    // The demo is at level 500: devices are named by their device ID (level 468).
    env.sim.control.setPushState({ bouncer: 'ok' });
    await view.user.type(screen.getByLabelText('Device ID (optional)'), '9');
    await view.user.click(send);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('sent to the device with device ID 9'));
  });

  it('gives my consent to private data in exports, and says saved only once my settings hold it', async () => {
    const view = await renderPage();
    const consent = await screen.findByRole('switch', {
      name: 'Allow administrators to include my private data in exports',
    });
    await waitFor(() => expect(consent).toBeEnabled());
    expect(consent).not.toBeChecked();
    await view.user.click(consent);
    const section = screen.getByRole('region', { name: 'Data exports' });
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Saved: exports made with consent include your private data.',
      ),
    );
    expect(env.sim.store.personalSetting(memberId(), 'allow_private_data_export')).toBe(true);
    expect(consent).toBeChecked();
  });

  it('disables the consent, with the reason, below level 293', async () => {
    env.sim.control.setFeatureLevel(292);
    await renderPage();
    const consent = await screen.findByRole('switch', {
      name: 'Allow administrators to include my private data in exports',
    });
    await waitFor(() => expect(consent).toBeDisabled());
    expect(consent).toHaveAccessibleDescription('Needs a newer chat server: feature level 293, this one is at 292.');
  });

  it('disables the push test, with the reason, below level 420', async () => {
    env.sim.control.setFeatureLevel(400);
    await renderPage();
    const send = screen.getByRole('button', { name: 'Send test push notification' });
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveAccessibleDescription('Needs a newer chat server: feature level 420, this one is at 400.');
  });

  it('registers an APNs token under Advanced, labelled deprecated, and shows the server’s messages', async () => {
    const view = await renderPage();
    await view.user.click(screen.getByRole('button', { name: 'Advanced' }));
    const form = await screen.findByRole('form', { name: 'Register an APNs device token' });
    expect(form).toHaveTextContent('Deprecated since feature level 406');
    const register = within(form).getByRole('button', { name: 'Register APNs token' });
    await view.user.type(within(form).getByLabelText('App ID'), 'com.example.app');
    await view.user.click(register);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Empty or invalid length token');
    await view.user.type(within(form).getByLabelText('APNs device token'), 'zz');
    await view.user.click(register);
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Invalid APNS token.'));
    await view.user.clear(within(form).getByLabelText('APNs device token'));
    await view.user.type(within(form).getByLabelText('APNs device token'), 'c0ffee');
    await view.user.click(register);
    expect(await within(form).findByRole('status')).toHaveTextContent('APNs device token registered.');
  });
});

describe('Your sessions', () => {
  it('lists my sessions, marks this browser’s, and signs another browser out after confirming', async () => {
    // Another browser signs in as the same person, through the console's own sign-in.
    const other = await env.signInElsewhere('member@demo.test');
    const view = await renderPage();
    const table = await screen.findByRole('table', { name: 'Your sessions' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('This browser')).toBeInTheDocument();
    await view.user.click(within(table).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign that browser out?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Sign out that browser' }));
    await waitFor(async () => expect(await env.bff.deps.sessions.peek?.(other.sessionId, Date.now())).toBeNull());
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});

describe('pushOutcome', () => {
  const refusal = (code: string) => ({
    ok: false as const,
    error: new ApiError(400, { result: 'error', msg: 'm', code }),
  });

  it('explains every documented code and leaves others to the verbatim message', () => {
    expect(pushOutcome(refusal('ADMIN_ACTION_REQUIRED'), undefined, 420)?.text).toContain('server administrator');
    expect(pushOutcome(refusal('INTERNAL_SERVER_ERROR_ON_BOUNCER'), 3, 420)?.text).toContain(
      'the device with push account ID 3',
    );
    expect(pushOutcome(refusal('NO_ACTIVE_PUSH_DEVICE'), 3, 420)?.text).toContain('push account ID 3');
    expect(pushOutcome(refusal('BAD_REQUEST'), undefined, 420)).toBeNull();
    expect(pushOutcome({ ok: true }, undefined, 420)?.text).toContain('all your registered mobile devices');
  });

  it('names a device from level 468 on, and a push account below it', () => {
    expect(pushOutcome({ ok: true }, 3, 467)?.text).toContain('the device with push account ID 3');
    expect(pushOutcome({ ok: true }, 3, 468)?.text).toContain('the device with device ID 3');
    expect(pushOutcome(refusal('NO_ACTIVE_PUSH_DEVICE'), 3, 500)?.text).toContain('No active device with device ID 3');
  });

  it('says all devices were notified when the server ignored the device it was given', () => {
    const at500 = pushOutcome({ ok: true, ignored: ['device_id'] }, 3, 500);
    expect(at500?.text).toContain('sent the test notification to all your registered mobile devices');
    expect(at500?.color).toBe('yellow');
    // A level-420 server is sent push_account_id; only its being ignored means all devices.
    expect(pushOutcome({ ok: true, ignored: ['device_id'] }, 3, 420)?.text).toContain('push account ID 3. Check');
    expect(pushOutcome({ ok: true, ignored: ['push_account_id'] }, 3, 420)?.text).toContain('all your registered');
  });
});

describe('consentStatus', () => {
  it('says what is known: saving, saved, waiting, and a wait that ran out', () => {
    expect(consentStatus(null, false, false)).toBeNull();
    expect(consentStatus(true, false, true)).toBe('Saving…');
    expect(consentStatus(false, true, false)).toBe('Saved: exports made with consent leave your private data out.');
    expect(consentStatus(true, false, false)).toBe(
      'The server accepted the change; waiting for it to show in your settings…',
    );
    expect(consentStatus(true, false, false, true)).toBe(
      'The server accepted the change, but your settings still did not show it after 30 seconds. Reload the page to see what they hold.',
    );
  });
});
