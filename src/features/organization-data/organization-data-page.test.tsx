// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlaygroundsState } from '../../shared/bff/protocol';
import { callSim } from '../../sim/svc';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { dataExportsQueryOptions } from './api/data-exports';
import { playgroundProblems } from './code-playgrounds-section';
import { organizationDataEventHandlers } from './live-events';
import { OrganizationDataPage } from './organization-data-page';

/** The error message an input names (Mantine links it with aria-describedby and marks the input invalid). */
function fieldError(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const id = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).find((i) => i.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0 });

/** What the BFF serves at /bff/state/playgrounds: the register state's list. */
async function playgroundsFromSim(email: string): Promise<PlaygroundsState> {
  const { body } = await callSim(env.sim, 'POST', '/register', {
    as: email,
    params: { event_types: [], fetch_event_types: ['realm_playgrounds'] },
  });
  await callSim(env.sim, 'DELETE', '/events', { as: email, params: { queue_id: body.queue_id } });
  return { playgrounds: body.realm_playgrounds as PlaygroundsState['playgrounds'] };
}

beforeEach(() => {
  env.sim.control.setExportWorker?.('hold');
  env.server.use(
    http.get('*/bff/state/playgrounds', async () =>
      HttpResponse.json(await playgroundsFromSim(env.signedInAs() ?? '')),
    ),
  );
});

describe('OrganizationDataPage', () => {
  it('requests an export after a confirmation and lists it as being prepared, not as done', async () => {
    const view = renderWithProviders(<OrganizationDataPage />, { route: '/settings/data' });
    expect(await screen.findByText('No data exports yet.', {}, { timeout: 5_000 })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Request export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a data export?' });
    expect(dialog).toHaveTextContent('Public channels and their messages');
    await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
    const table = await screen.findByRole('table', { name: 'Data exports' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/#1.*Admin.*Public data.*Being prepared/),
    );
    expect(within(table).queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it("shows the server's refusal of an export with private data when no owner consented", async () => {
    const view = renderWithProviders(<OrganizationDataPage />, { route: '/settings/data' });
    const consent = await screen.findByRole('status', { name: 'Consent to private data export' }, { timeout: 5_000 });
    expect(consent).toHaveTextContent(/^0 of \d+ people agreed.*no owner has\./);
    await view.user.click(screen.getByRole('radio', { name: /private data of those who consented/ }));
    expect(consent).toHaveTextContent('The server refuses an export with private data until at least one owner agrees');
    await view.user.click(screen.getByRole('button', { name: 'Request export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a data export?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Request export' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Make sure at least one Organization Owner is consenting to the export or contact support@demo.test for help.',
    );
  });

  it('offers only public exports on servers before level 304, and says why', async () => {
    env.sim.control.setFeatureLevel(300);
    renderWithProviders(<OrganizationDataPage />, { route: '/settings/data' });
    const radio = await screen.findByRole('radio', { name: /private data of those who consented/ }, { timeout: 5_000 });
    expect(radio).toBeDisabled();
    expect(screen.getByText('Needs a newer chat server: feature level 304, this one is at 300.')).toBeInTheDocument();
  });

  it('adds a playground checked in the form, shows a refusal verbatim keeping the edits, and removes one after asking', async () => {
    const view = renderWithProviders(<OrganizationDataPage />, { route: '/settings/data' });
    const form = await screen.findByRole('form', { name: 'Add code playground' }, { timeout: 5_000 });
    // Mantine re-renders an input when its error appears: each is found again when used.
    const name = () => within(form).getByRole('textbox', { name: 'Name' });
    const language = () => within(form).getByRole('textbox', { name: /Pygments language/ });
    const template = () => within(form).getByRole('textbox', { name: /URL template/ });
    await view.user.type(language(), 'Py<thon');
    await view.user.type(template(), 'https://play.example/?c={{src}');
    await view.user.click(within(form).getByRole('button', { name: 'Add playground' }));
    expect(fieldError(name())).toBe('Enter a name.');
    expect(fieldError(language())).toBe('Invalid characters in pygments language');
    expect(fieldError(template())).toBe('Missing the required variable "code" in the URL template');

    await view.user.type(name(), 'Rust playground');
    await view.user.clear(language());
    await view.user.type(language(), 'Rust');
    await view.user.clear(template());
    await view.user.type(template(), 'https://play.example/?c={{code}');
    expect(within(form).getByLabelText('Example link')).toHaveTextContent(
      'https://play.example/?c=print%28%22Hello%22%29',
    );
    await view.user.click(within(form).getByRole('button', { name: 'Add playground' }));
    const table = await screen.findByRole('table', { name: 'Code playgrounds' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Rust playgroundRusthttps://play.example/?c={code}');

    // The same name and language again: the server refuses, and the form keeps what was typed.
    await view.user.type(name(), 'Rust playground');
    await view.user.type(language(), 'Rust');
    await view.user.type(template(), 'https://other.example/{{code}');
    await view.user.click(within(form).getByRole('button', { name: 'Add playground' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Realm playground with this Realm, Pygments language and Name already exists.',
    );
    expect(name()).toHaveValue('Rust playground');

    await view.user.click(within(table).getByRole('button', { name: 'Remove Rust playground' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove playground?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Remove playground' }));
    expect(await screen.findByText('No code playgrounds.')).toBeInTheDocument();
  });

  it('is for administrators only', async () => {
    env.signInAs('moderator@demo.test');
    renderWithProviders(<OrganizationDataPage />, { route: '/settings/data' });
    expect(await screen.findByText('For administrators only', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request export…' })).toBeNull();
  });
});

describe('playground checks', () => {
  it('are the server’s, plus a web address', () => {
    expect(
      playgroundProblems({ name: 'x', pygments_language: 'C++', url_template: 'https://p.example/{?code}' }),
    ).toEqual({});
    expect(playgroundProblems({ name: 'x', pygments_language: 'C', url_template: 'notaurl{code}' })).toEqual({
      url_template: 'The URL template must start with https:// or http://.',
    });
    expect(playgroundProblems({ name: 'x', pygments_language: 'C', url_template: 'https://p/{code}/{x}' })).toEqual({
      url_template: '"code" should be the only variable present in the URL template',
    });
    expect(
      playgroundProblems({ name: 'x', pygments_language: 'a'.repeat(41), url_template: 'https://p/{code}' }),
    ).toEqual({
      pygments_language: 'The language is at most 40 characters.',
    });
  });
});

describe('live updates', () => {
  it('a realm_export event replaces the list', () => {
    const client = new QueryClient();
    const exports = [
      {
        id: 4,
        acting_user_id: 9,
        export_time: 1_700_000_000,
        deleted_timestamp: null,
        failed_timestamp: null,
        export_url: 'https://chat.example/user_avatars/exports/2/x/zulip-export-a.tar.gz',
        pending: false,
        export_type: 'public',
      },
    ];
    organizationDataEventHandlers.realm_export!({ id: 1, type: 'realm_export', exports }, client);
    expect(client.getQueryData(dataExportsQueryOptions().queryKey)).toEqual(exports);
  });
});
