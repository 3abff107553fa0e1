// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { resetKeyStatus } from './key-status';
import { ProxyRoutesPage } from './proxy-routes-page';
import { ProxyTrafficPage } from './proxy-traffic-page';
import { pushReadback } from './use-push-again';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0, proxy: true });
const readback = { ...pushReadback };

afterEach(() => {
  Object.assign(pushReadback, readback);
  resetKeyStatus();
});

async function renderRoutes(route = '/proxy/routes') {
  const view = renderWithProviders(<ProxyRoutesPage />, { route });
  await screen.findByRole('heading', { name: 'Proxy routes' });
  return view;
}

function routeId(domain: string): string {
  const route = env.proxySim.control.routes.findByDomain(domain);
  if (!route) throw new Error(`no route ${domain}`);
  return route.id;
}

async function row(domain: RegExp) {
  const table = await screen.findByRole('table', { name: 'Proxy routes' });
  return within(table).findByRole('row', { name: domain });
}

async function openDrawer(domain: string) {
  const view = await renderRoutes(`/proxy/routes?route=${encodeURIComponent(routeId(domain))}`);
  const drawer = await screen.findByRole('dialog', { name: domain });
  return { view, drawer };
}

describe('Proxy live state', () => {
  it('a route lost from the proxy reads "Missing in proxy" in its row and details, though its sync status still says synced', async () => {
    env.proxySim.control.forgetInProxy('app.demo.test');
    env.proxySim.control.detectDrift();
    expect(env.proxySim.control.routes.findByDomain('app.demo.test')?.syncStatus).toBe('synced');
    const { drawer } = await openDrawer('app.demo.test');
    expect(await within(await row(/app\.demo\.test/)).findByText('Missing in proxy')).toBeInTheDocument();
    const live = within(drawer).getByRole('region', { name: 'Live state' });
    await waitFor(() => expect(live).toHaveTextContent('Missing in proxy'));
    const sources = within(live).getByRole('list', { name: 'What each source says' });
    expect(sources).toHaveTextContent(/Drift detector: the route is missing in the proxy — since \S+/);
    expect(sources).toHaveTextContent("Proxy's configuration: the proxy does not hold the route");
  });

  it('a route in sync reads "In sync", and its "[]" differences list nothing', async () => {
    env.proxySim.control.detectDrift();
    const { drawer } = await openDrawer('app.demo.test');
    expect(await within(await row(/app\.demo\.test/)).findByText('In sync')).toBeInTheDocument();
    const live = within(drawer).getByRole('region', { name: 'Live state' });
    await waitFor(() => expect(live).toHaveTextContent('In sync'));
    expect(within(live).queryByRole('list', { name: 'Differences between the dashboard and the proxy' })).toBeNull();
    expect(drawer).not.toHaveTextContent('[]');
  });

  it('the proxy down reads "Proxy unreachable", and the connection card says the proxy does not answer', async () => {
    env.proxySim.control.plane.down = true;
    await renderRoutes();
    expect(await within(await row(/app\.demo\.test/)).findByText('Proxy unreachable')).toBeInTheDocument();
    expect(screen.getByText('Does not answer')).toBeInTheDocument();
  });

  it('pushes a lost route to the proxy again and says it is back only after reading the proxy back', async () => {
    env.proxySim.control.forgetInProxy('app.demo.test');
    env.proxySim.control.detectDrift();
    const { view, drawer } = await openDrawer('app.demo.test');
    const push = await within(drawer).findByRole('button', { name: 'Push this route to the proxy again' });
    await view.user.click(push);
    const outcome = await within(drawer).findByRole('region', { name: 'Push to the proxy' });
    await waitFor(() => expect(outcome).toHaveTextContent('The proxy holds the route again'));
    expect(env.proxySim.control.proxyState().routes.map((r) => r.domain)).toContain('app.demo.test');
    // The detector has not run since: the verdict does not claim "In sync" yet.
    const live = within(drawer).getByRole('region', { name: 'Live state' });
    await waitFor(() => expect(live).toHaveTextContent('Not checked yet'));
  });

  it('a push the proxy does not pick up says so, with the last read', async () => {
    Object.assign(pushReadback, { timeoutMs: 300, intervalMs: 100 });
    // The seeded asset route has weights the proxy refuses: every push of it fails, silently.
    env.proxySim.control.detectDrift();
    const { view, drawer } = await openDrawer('*.cdn.demo.test');
    await view.user.click(await within(drawer).findByRole('button', { name: 'Push this route to the proxy again' }));
    const outcome = await within(drawer).findByRole('region', { name: 'Push to the proxy' });
    await waitFor(() => expect(outcome).toHaveTextContent('Sent; the proxy has not picked it up yet'));
    expect(outcome).toHaveTextContent(/last read at .+ and does not hold the route/);
    expect(outcome).toHaveTextContent('upstream weights other than 1 may be why');
    expect(outcome).not.toHaveTextContent('holds the route again');
  });

  it('with a key that cannot write, pushing again is left to the dashboard', async () => {
    const keyId = env.bff.proxy?.keyId ?? '';
    env.proxySim.control.setKeyScopes(keyId, ['routes:read', 'health:read']);
    env.proxySim.control.forgetInProxy('app.demo.test');
    env.proxySim.control.detectDrift();
    const { view, drawer } = await openDrawer('app.demo.test');
    // The key's scopes are learned from refusals: the first try is the one that finds out.
    await view.user.click(await within(drawer).findByRole('button', { name: 'Push this route to the proxy again' }));
    expect(await within(drawer).findByText(/must be done in the dashboard/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Push this route to the proxy again' })).toBeNull();
  });

  it('an open drawer shows a change made in the dashboard, and its note about the sync check follows', async () => {
    env.proxySim.control.detectDrift();
    const { view, drawer } = await openDrawer('app.demo.test');
    await within(drawer).findByRole('region', { name: 'Live state' });
    env.proxySim.control.dashboardEdit(routeId('app.demo.test'), { name: 'Renamed in the dashboard' });
    await view.user.click(screen.getByRole('button', { name: 'Check again' }));
    const fields = within(drawer).getByRole('table', { name: 'Route fields' });
    await waitFor(() => expect(fields).toHaveTextContent('Renamed in the dashboard'));
    const note = 'The route changed after the last sync check';
    await waitFor(() => expect(drawer).toHaveTextContent(note));
    env.proxySim.control.syncCheck();
    await view.user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(drawer).not.toHaveTextContent(note));
  });

  it('routes only in the proxy are named in a notice, with since when', async () => {
    env.proxySim.control.handAddToProxy({ domain: 'stray.demo.test', upstream: '10.0.9.9:80' });
    env.proxySim.control.detectDrift();
    await renderRoutes();
    const list = await screen.findByRole('list', { name: 'Routes only in the proxy' });
    expect(list).toHaveTextContent(/stray\.demo\.test — seen by the drift detector since \S+/);
    expect(screen.getByText(/the dashboard does not know/)).toBeInTheDocument();
  });

  it('the further settings are shown in words, never as raw field names', async () => {
    const { drawer } = await openDrawer('app.demo.test');
    const more = await within(drawer).findByRole('table', { name: 'More settings' });
    expect(within(more).getByRole('row', { name: /Rate limit/ })).toHaveTextContent('600 requests per 60 s');
    expect(within(more).getByRole('row', { name: /Other domains/ })).toHaveTextContent('www.demo.test');
    expect(drawer).not.toHaveTextContent(/Tls dns provider|Other fields from the dashboard|rateLimit|forceSSL/);
  });

  it('what the dashboard gives anyone without a key, as the console checked it', async () => {
    await renderRoutes();
    const notice = await screen.findByRole('list', { name: 'Readable without a key' });
    expect(notice).toHaveTextContent("the proxy's whole running configuration");
    expect(notice).toHaveTextContent("the drift detector's findings");
    expect(screen.getByText(/Checked by the console at/)).toBeInTheDocument();
  });

  it('a BFF without the exposure check shows no notice', async () => {
    env.server.use(http.get('*/bff/proxy/exposure', () => HttpResponse.json({}, { status: 404 })));
    await renderRoutes();
    await row(/app\.demo\.test/);
    expect(screen.queryByRole('list', { name: 'Readable without a key' })).toBeNull();
  });

  it('a create while the dashboard cannot be reached is not called a refusal', async () => {
    env.server.use(
      http.post('*/bff/proxy/publicApi.createRoute', () =>
        HttpResponse.json(
          { result: 'error', code: 'UPSTREAM_UNAVAILABLE', msg: 'The proxy dashboard did not answer.' },
          { status: 502 },
        ),
      ),
    );
    const view = await renderRoutes();
    await view.user.click(await screen.findByRole('button', { name: 'Create route' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create route' });
    await view.user.type(within(dialog).getByLabelText(/^Name/), 'Down');
    await view.user.type(within(dialog).getByLabelText(/^Domain/), 'down.component.test');
    await view.user.type(within(dialog).getByLabelText(/^Upstream 1 address/), '10.9.0.1:80');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create route' }));
    expect(await within(dialog).findByText('The dashboard could not be reached')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('refused');
  });
});

describe('Proxy traffic and the live state', () => {
  it('requests for a route the proxy does not hold are not called served', async () => {
    env.proxySim.control.forgetInProxy('app.demo.test');
    env.proxySim.control.addTraffic({ domain: 'app.demo.test', requests: 40 });
    env.proxySim.control.addTraffic({ domain: 'status.demo.test', requests: 7 });
    env.proxySim.control.detectDrift();
    renderWithProviders(<ProxyTrafficPage />, { route: '/proxy/traffic' });
    const table = await screen.findByRole('table', { name: 'Traffic by route' });
    const app = await within(table).findByRole('row', { name: /app\.demo\.test/ });
    await waitFor(() => expect(app).toHaveTextContent('Missing in proxy'));
    expect(app).toHaveTextContent('Requests arrive for this domain, but the proxy does not serve it');
    // Disabled with the dashboard's own switch: out of the proxy, so not "still served" either.
    const legacy = within(table).getByRole('row', { name: /status\.demo\.test/ });
    await waitFor(() => expect(legacy).toHaveTextContent('Not served'));
    expect(legacy).not.toHaveTextContent('still served');
  });

  it('"still served" only when the proxy holds a disabled route', async () => {
    const id = routeId('app.demo.test');
    env.proxySim.control.routes.update(id, { enabled: false }, env.proxySim.control.clock.now());
    env.proxySim.control.addTraffic({ domain: 'app.demo.test', requests: 12 });
    renderWithProviders(<ProxyTrafficPage />, { route: '/proxy/traffic' });
    const table = await screen.findByRole('table', { name: 'Traffic by route' });
    const app = await within(table).findByRole('row', { name: /app\.demo\.test/ });
    await waitFor(() => expect(app).toHaveTextContent('Disabled in the dashboard, still served'));
    expect(app).toHaveTextContent('Differs');
  });
});
