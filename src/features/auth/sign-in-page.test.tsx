// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { readSession } from '../../client/session-requests';
import type { SessionInfo } from '../../shared/bff/protocol';
import { setupSimServer } from '../../testing/msw-sim';
import { SignInPage } from './sign-in-page';

const env = setupSimServer({ as: null, generatedUsers: 0 });

function renderPage(session: SessionInfo | null | undefined) {
  const onSignedIn = vi.fn<(info: SessionInfo) => void>();
  const view = render(
    <MantineProvider>
      <SignInPage session={session} onSignedIn={onSignedIn} />
    </MantineProvider>,
  );
  return { ...view, onSignedIn, user: userEvent.setup() };
}

describe('SignInPage', () => {
  it('signs in with a password and hands the new session to its caller', async () => {
    const { user, onSignedIn } = renderPage(await readSession());
    expect(await screen.findByRole('heading', { name: 'Demo accounts' })).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onSignedIn.mock.calls[0]![0].user?.email).toBe('admin@demo.test');
    expect(env.signedInAs()).toBe('admin@demo.test');
  });

  it('shows the server’s refusal verbatim and keeps what was typed', async () => {
    const { user, onSignedIn } = renderPage(await readSession());
    await user.type(screen.getByLabelText('Email'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your username or password is incorrect');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('admin@demo.test');
    expect(screen.getByLabelText<HTMLInputElement>('Password', { exact: true }).value).toBe('wrong');
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('data-loading')).toBe(false);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('names only the sign-in methods the console offers, and says where GitHub sign-in works', async () => {
    renderPage(await readSession());
    const line = await screen.findByText(/^Sign in here with/);
    expect(line.textContent).toBe(
      'Sign in here with your email and password, or your API key. GitHub sign-in works in the chat app only: if that is how you sign in, use the API key from your account settings in the chat app.',
    );
    // Nothing offers GitHub as something to press or choose here.
    expect(screen.queryByRole('button', { name: /GitHub/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /GitHub/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /GitHub/ })).toBeNull();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['password', 'apiKey']);
  });

  it('checks the fields before sending anything', async () => {
    const { user, onSignedIn } = renderPage(await readSession());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(env.signedInAs()).toBeNull();
  });

  it('lets someone type while the server’s settings load, and says so when they cannot be read', async () => {
    const loading = renderPage(undefined);
    expect(screen.getByLabelText('Loading the server’s settings')).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    loading.unmount();
    renderPage(null);
    expect(screen.getByText('Chat server unreachable')).toBeTruthy();
  });
});
