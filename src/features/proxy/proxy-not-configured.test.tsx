// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ProxyCertsPage } from './proxy-certs-page';
import { ProxyRoutesPage } from './proxy-routes-page';
import { ProxyTrafficPage } from './proxy-traffic-page';

// No `proxy` option: a console without a dashboard, whose session info says so.
const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0 });

describe('No proxy dashboard configured', () => {
  it.each([
    ['Proxy routes', <ProxyRoutesPage key="routes" />, '/proxy/routes'],
    ['Proxy certificates', <ProxyCertsPage key="certs" />, '/proxy/certificates'],
    ['Proxy traffic', <ProxyTrafficPage key="traffic" />, '/proxy/traffic'],
  ])('%s says so and how to configure it, without asking the BFF', async (title, page, route) => {
    const asked: string[] = [];
    env.server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/bff/proxy')) asked.push(request.url);
    });
    renderWithProviders(page, { route });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByText('No proxy dashboard is configured')).toBeInTheDocument();
    expect(screen.getByText(/PROXY_URL/)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
