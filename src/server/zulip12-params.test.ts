import { afterEach, describe, expect, it } from 'vitest';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from './test-support/test-bff';

afterEach(closeTestBffs);

/**
 * Parameters a server takes from a level on (linkifiers 471/478, a welcome message on invite links 416): below
 * it the server would ignore them and save the rest, so the BFF refuses the call; from it they reach the server.
 */
function setup(featureLevel: number) {
  return createTestBff({ sim: { generatedUsers: 0, featureLevel } });
}

function send(path: string, cookie: string, params: Record<string, string>, method = 'POST') {
  return consoleRequest(path, cookie, {
    method,
    body: new URLSearchParams(params),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const tracker = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' };

describe('471/478: linkifier example input, reverse template and alternative URL templates', () => {
  it('refuses them below their levels, naming the field, with nothing sent upstream', async () => {
    const h = setup(470);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      send('/bff/svc/realm/filters', cookie, { ...tracker, example_input: '#1', reverse_template: '#{id}' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'example_input' });
    const at477 = setup(477);
    const cookie477 = await signIn(at477, 'admin@demo.test');
    const alternatives = await at477.app.request(
      send('/bff/svc/realm/filters', cookie477, {
        ...tracker,
        alternative_url_templates: JSON.stringify(['https://old.example/{id}']),
      }),
    );
    expect(await alternatives.json()).toMatchObject({
      field: 'alternative_url_templates',
      msg: expect.stringContaining('feature level 478, this one is at 477.'),
    });
    expect(h.apiCalls().filter((r) => r.url.pathname.endsWith('/realm/filters'))).toEqual([]);
  });

  it('stores them from 478, and the list reads them back', async () => {
    const h = setup(478);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      send('/bff/svc/realm/filters', cookie, {
        ...tracker,
        example_input: '#1',
        reverse_template: '#{id}',
        alternative_url_templates: JSON.stringify(['https://old.example/{id}']),
      }),
    );
    expect(res.status).toBe(200);
    const list = await h.app.request(consoleRequest('/bff/svc/realm/linkifiers', cookie));
    const { linkifiers } = (await list.json()) as { linkifiers: Record<string, unknown>[] };
    expect(linkifiers.at(-1)).toMatchObject({
      example_input: '#1',
      reverse_template: '#{id}',
      alternative_url_templates: ['https://old.example/{id}'],
    });
  });

  it('passes the server’s refusal of an example the pattern does not match', async () => {
    const h = setup(500);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(send('/bff/svc/realm/filters', cookie, { ...tracker, example_input: 'nope' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ msg: 'Example input does not match the linkifier pattern.' });
  });
});

describe('416: a welcome message on invite links', () => {
  it('is refused below 416 and sent from 416', async () => {
    const old = setup(415);
    const oldCookie = await signIn(old, 'admin@demo.test');
    const refused = await old.app.request(
      send('/bff/svc/invites/multiuse', oldCookie, { welcome_message_custom_text: 'Hi' }),
    );
    expect(await refused.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'welcome_message_custom_text' });
    const h = setup(416);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(send('/bff/svc/invites/multiuse', cookie, { welcome_message_custom_text: 'Hi' }));
    expect(res.status).toBe(200);
    expect((await res.json()) as Record<string, unknown>).not.toHaveProperty('ignored_parameters_unsupported');
  });
});
