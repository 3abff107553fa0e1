import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { basicAuthHeader, createSvcSimulator, startSvcSimServer } from '.';

describe('startSvcSimServer', () => {
  const sim = createSvcSimulator({ generatedUsers: 3 });
  let server: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    server = await startSvcSimServer(sim, 0);
  });
  afterAll(async () => {
    sim.close();
    await server.close();
  });

  it('listens on a free loopback port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
  });

  it('answers over real HTTP', async () => {
    const settings = await fetch(`${server.url}/api/v1/server_settings`);
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ result: 'success', realm_name: 'Demo Organization' });

    const res = await fetch(`${server.url}/api/v1/users/me`, {
      headers: { authorization: basicAuthHeader('owner@demo.test', sim.apiKeyOf('owner@demo.test')) },
    });
    expect(await res.json()).toMatchObject({ role: 100, email: 'owner@demo.test' });
  });

  it('reads form bodies sent over the wire', async () => {
    const res = await fetch(`${server.url}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'member@demo.test', password: 'demo1234' }),
    });
    expect(await res.json()).toMatchObject({ api_key: sim.apiKeyOf('member@demo.test') });
  });

  it('ends a long-poll whose HTTP client hangs up', async () => {
    const headers = { authorization: basicAuthHeader('admin@demo.test', sim.apiKeyOf('admin@demo.test')) };
    const registered = await fetch(`${server.url}/api/v1/register`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ fetch_event_types: '[]' }),
    });
    const { queue_id: queueId } = (await registered.json()) as { queue_id: string };
    const abort = new AbortController();
    const polling = fetch(`${server.url}/api/v1/events?queue_id=${queueId}`, { headers, signal: abort.signal });
    await vi.waitFor(() => expect(sim.control.pendingPollCount()).toBe(1));
    // In flight: the queue does not idle out however long the poll lasts.
    sim.control.advance(3_600_000);
    expect(sim.control.queueCount()).toBe(1);
    abort.abort();
    await expect(polling).rejects.toThrow();
    await vi.waitFor(() => {
      sim.control.advance(600_000);
      expect(sim.control.queueCount()).toBe(0);
    });
  });

  it('refuses a port that is taken', async () => {
    const port = Number(new URL(server.url).port);
    await expect(startSvcSimServer(sim, port)).rejects.toThrow(/EADDRINUSE/);
  });
});
