// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ProxyRoutesPage } from './proxy-routes-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0, proxy: true });

async function renderPage() {
  const view = renderWithProviders(<ProxyRoutesPage />, { route: '/proxy/routes' });
  await screen.findByRole('heading', { name: 'Proxy routes' });
  return view;
}

async function fillCreate(
  view: Awaited<ReturnType<typeof renderPage>>,
  values: { name: string; domain: string; upstream: string },
) {
  await view.user.click(await screen.findByRole('button', { name: 'Create route' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create route' });
  await view.user.type(within(dialog).getByLabelText(/^Name/), values.name);
  await view.user.type(within(dialog).getByLabelText(/^Domain/), values.domain);
  await view.user.type(within(dialog).getByLabelText(/^Upstream 1 address/), values.upstream);
  await view.user.click(within(dialog).getByRole('button', { name: 'Create route' }));
  return dialog;
}

describe('Proxy routes', () => {
  it('lists the dashboard’s routes through the BFF', async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Proxy routes' });
    expect(await within(table).findByRole('row', { name: /app\.demo\.test/ })).toBeInTheDocument();
  });

  it('creates a route in the dashboard and says what the read-back confirmed', async () => {
    const view = await renderPage();
    await screen.findByRole('table', { name: 'Proxy routes' });
    await fillCreate(view, { name: 'Shop', domain: 'shop.component.test', upstream: '10.9.0.1:8080' });
    const drawer = await screen.findByRole('dialog', { name: 'shop.component.test' });
    expect(within(drawer).getByRole('region', { name: 'Last change through the console' })).toHaveTextContent(
      'Route stored by the dashboard',
    );
    expect(env.proxySim.control.routes.findByDomain('shop.component.test')).toMatchObject({ name: 'Shop' });
  });

  it('shows the dashboard’s refusal of a domain it already routes and keeps the form', async () => {
    const before = env.proxySim.control.routes.list().length;
    const view = await renderPage();
    await screen.findByRole('table', { name: 'Proxy routes' });
    const dialog = await fillCreate(view, { name: 'Twin', domain: 'app.demo.test', upstream: '10.9.0.9:80' });
    expect(await within(dialog).findByText(/Route for app\.demo\.test already exists/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Twin');
    await waitFor(() => expect(env.proxySim.control.routes.list()).toHaveLength(before));
  });

  it('is for owners and administrators only', async () => {
    env.signInAs('member@demo.test');
    await renderPage();
    expect(await screen.findByText('Owners and administrators only')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Proxy routes' })).toBeNull();
  });
});
