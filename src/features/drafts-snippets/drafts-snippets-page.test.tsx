// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callSim } from '../../sim/svc';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { DraftsSnippetsPage } from './drafts-snippets-page';

const EMAIL = 'moderator@demo.test';
const env = setupSimServer({ as: EMAIL, generatedUsers: 0 });

interface SimDraft {
  id: number;
  content: string;
}
interface SimSnippet {
  id: number;
  title: string;
  content: string;
}

async function draftsOnServer(): Promise<SimDraft[]> {
  return (await callSim(env.sim, 'GET', '/drafts', { as: EMAIL })).body.drafts as SimDraft[];
}

async function snippetsOnServer(): Promise<SimSnippet[]> {
  return (await callSim(env.sim, 'GET', '/saved_snippets', { as: EMAIL })).body.saved_snippets as SimSnippet[];
}

async function createDraft(content: string): Promise<number> {
  const general = env.sim.store.channels.find((c) => c.name === 'general')!;
  const draft = { type: 'stream', to: [general.stream_id], topic: 'plans', content };
  const { body } = await callSim(env.sim, 'POST', '/drafts', {
    as: EMAIL,
    params: { drafts: JSON.stringify([draft]) },
  });
  return (body.ids as number[])[0]!;
}

async function renderPage() {
  const view = renderWithProviders(<DraftsSnippetsPage />, { route: '/me/drafts' });
  await screen.findByRole('heading', { name: 'Drafts and snippets', level: 2 });
  return view;
}

function draftRow(text: string) {
  return within(screen.getByRole('table', { name: 'Drafts' })).getByRole('row', { name: new RegExp(text) });
}

describe('Drafts', () => {
  it('lists my drafts on the server with their recipient', async () => {
    await createDraft('Quarterly plan outline');
    await renderPage();
    await screen.findByRole('table', { name: 'Drafts' });
    expect(draftRow('Quarterly plan outline')).toHaveTextContent('#general › plans');
  });

  it('saves an edited draft on the server and shows it', async () => {
    const id = await createDraft('Before the edit');
    const view = await renderPage();
    await screen.findByRole('table', { name: 'Drafts' });
    await view.user.click(within(draftRow('Before the edit')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit draft' });
    const content = within(dialog).getByRole('textbox', { name: 'Content' });
    await view.user.clear(content);
    await view.user.type(content, 'After the edit');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(async () =>
      expect((await draftsOnServer()).find((d) => d.id === id)?.content).toBe('After the edit'),
    );
    await waitFor(() => expect(draftRow('After the edit')).toBeInTheDocument());
  });

  it('shows the server’s refusal of a draft deleted elsewhere and keeps the text', async () => {
    const id = await createDraft('Doomed draft');
    const view = await renderPage();
    await screen.findByRole('table', { name: 'Drafts' });
    await view.user.click(within(draftRow('Doomed draft')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit draft' });
    const content = within(dialog).getByRole('textbox', { name: 'Content' });
    await view.user.clear(content);
    await view.user.type(content, 'Rescued text');
    await callSim(env.sim, 'DELETE', `/drafts/${id}`, { as: EMAIL });
    await view.user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Draft does not exist');
    expect(content).toHaveValue('Rescued text');
  });
});

describe('Saved snippets', () => {
  it('refuses an empty title in the form, then creates the snippet on the server', async () => {
    const before = (await snippetsOnServer()).length;
    const view = await renderPage();
    await view.user.click(await screen.findByRole('button', { name: 'New snippet' }));
    const dialog = await screen.findByRole('dialog', { name: 'New saved snippet' });
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'Hello team');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create snippet' }));
    expect(await within(dialog).findByText('Title cannot be empty.')).toBeInTheDocument();
    expect(await snippetsOnServer()).toHaveLength(before);

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Greeting');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create snippet' }));
    await waitFor(async () =>
      expect(await snippetsOnServer()).toContainEqual(
        expect.objectContaining({ title: 'Greeting', content: 'Hello team' }),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Saved snippets' });
    expect(await within(table).findByRole('row', { name: /Greeting/ })).toBeInTheDocument();
  });
});
