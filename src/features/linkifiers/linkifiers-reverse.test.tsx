// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LinkifiersPage } from './linkifiers-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0, featureLevel: 500 });

const TRACKER = '#(?P<id>[0-9]+)';

async function renderPage() {
  const view = renderWithProviders(<LinkifiersPage />, { route: '/settings/linkifiers' });
  await screen.findByRole('table', { name: 'Linkifiers' }, { timeout: 5_000 });
  return view;
}

/** Replaces a field's text; pasting keeps `{` and `[` literal (typing would read them as key names). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

async function openAdd(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Add linkifier' }));
  return screen.findByRole('dialog', { name: 'Add linkifier' });
}

describe('Linkifiers from level 471: example input and reverse template', () => {
  it('adds one, with the example in the sandbox and a pasted link turned back into text', async () => {
    const { user } = await renderPage();
    const dialog = await openAdd(user);
    await fill(user, within(dialog).getByLabelText('Pattern'), TRACKER);
    await fill(user, within(dialog).getByLabelText('URL template'), 'https://tracker.example/issues/{id}');
    await fill(user, within(dialog).getByLabelText('Example input'), '#42');
    await fill(user, within(dialog).getByLabelText('Reverse template'), '#{id}');
    await fill(user, within(dialog).getByLabelText('Alternative URLs'), 'https://old.example/t/{id}');

    // The example fills the sandbox, which links it forward…
    expect(within(dialog).getByLabelText('Sample text')).toHaveValue('#42');
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('link', { name: '#42' })).toHaveAttribute(
      'href',
      'https://tracker.example/issues/42',
    );
    // …and a pasted link, from an alternative address, comes back as the pattern's text.
    await fill(user, within(dialog).getByLabelText('Pasted link'), 'https://old.example/t/7');
    const result = within(dialog).getByRole('region', { name: 'Pasted link result' });
    await waitFor(() =>
      expect(result).toHaveTextContent('Becomes #7, by this linkifier (4) (its alternative URL template 1).'),
    );
    expect(result).toHaveTextContent('That text links to https://tracker.example/issues/7.');

    await user.click(within(dialog).getByRole('button', { name: 'Add linkifier' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add linkifier' })).not.toBeInTheDocument());
    expect(env.sim.store.linkifiers.at(-1)).toMatchObject({
      pattern: TRACKER,
      exampleInput: '#42',
      reverseTemplate: '#{id}',
      alternativeUrlTemplates: ['https://old.example/t/{id}'],
    });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Linkifiers' })).getAllByRole('row')).toHaveLength(5),
    );
    const row = within(screen.getByRole('table', { name: 'Linkifiers' }))
      .getAllByRole('row')
      .at(-1)!;
    expect(row).toHaveTextContent('Example: #42');
    expect(row).toHaveTextContent('Pasted links become: #{id}');
    expect(row).toHaveTextContent('also read: https://old.example/t/{id}');
    await user.click(within(row).getByRole('button', { name: 'Try the example #42 in the sandbox' }));
    expect(screen.getByLabelText('Sample text')).toHaveValue('#42');
    // The page's sandbox turns the same links back too.
    await fill(user, screen.getByLabelText('Pasted link'), 'https://tracker.example/issues/9');
    expect(await screen.findByRole('region', { name: 'Pasted link result' })).toHaveTextContent(
      'Becomes #9, by linkifier 4 (its URL template).',
    );
  });

  it('checks the example and the reverse template before sending anything', async () => {
    const { user } = await renderPage();
    const dialog = await openAdd(user);
    const submit = within(dialog).getByRole('button', { name: 'Add linkifier' });
    await fill(user, within(dialog).getByLabelText('Pattern'), TRACKER);
    await fill(user, within(dialog).getByLabelText('URL template'), 'https://tracker.example/{id}');
    await fill(user, within(dialog).getByLabelText('Reverse template'), '#{id}');
    expect(
      within(dialog).getByText('Enter an example input: the server checks a reverse template against it.'),
    ).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Example input'), 'ticket 5');
    expect(within(dialog).getByText('The pattern does not match the example input.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Example input'), '#5');
    await fill(user, within(dialog).getByLabelText('Reverse template'), 'T{id}');
    expect(
      within(dialog).getByText('The reverse template turns the example input into “T5”, not into the example itself.'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(env.sim.store.linkifiers).toHaveLength(3);
  });

  it('clears a reverse template on an edit', async () => {
    const seeded = env.sim.store.linkifiers[0]!;
    Object.assign(seeded, { exampleInput: 'zulip/zulip#1', reverseTemplate: '{org}/{repo}#{id}' });
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: `Edit ${seeded.pattern}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit linkifier' });
    expect(within(dialog).getByLabelText('Sample text')).toHaveValue('zulip/zulip#1');
    await fill(user, within(dialog).getByLabelText('Reverse template'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save linkifier' }));
    await waitFor(() => expect(env.sim.store.linkifiers[0]?.reverseTemplate).toBeNull());
    expect(env.sim.store.linkifiers[0]?.exampleInput).toBe('zulip/zulip#1');
  });
});

describe('Linkifiers below level 471 and 478', () => {
  it('at 470 shows the new fields and the pasted link disabled, with the level they need', async () => {
    env.sim.control.setFeatureLevel(470);
    const { user } = await renderPage();
    expect(screen.getByLabelText('Pasted link')).toBeDisabled();
    const dialog = await openAdd(user);
    const reason471 = 'Needs a newer chat server: feature level 471, this one is at 470.';
    expect(within(dialog).getByLabelText('Example input')).toBeDisabled();
    expect(within(dialog).getByLabelText('Reverse template')).toBeDisabled();
    expect(within(dialog).getAllByText(reason471).length).toBeGreaterThanOrEqual(3);
    expect(within(dialog).getByLabelText('Alternative URLs')).toBeDisabled();
    expect(
      within(dialog).getByText('Needs a newer chat server: feature level 478, this one is at 470.'),
    ).toBeInTheDocument();
    // A linkifier without them is still added, and the server is sent none of them.
    await fill(user, within(dialog).getByLabelText('Pattern'), TRACKER);
    await fill(user, within(dialog).getByLabelText('URL template'), 'https://tracker.example/{id}');
    await user.click(within(dialog).getByRole('button', { name: 'Add linkifier' }));
    await waitFor(() => expect(env.sim.store.linkifiers.at(-1)?.pattern).toBe(TRACKER));
    expect(env.sim.store.linkifiers.at(-1)).toMatchObject({ exampleInput: null, reverseTemplate: null });
  });

  it('at 477 takes an example and a reverse template, but no alternative URL templates', async () => {
    env.sim.control.setFeatureLevel(477);
    const { user } = await renderPage();
    const dialog = await openAdd(user);
    expect(within(dialog).getByLabelText('Example input')).toBeEnabled();
    expect(within(dialog).getByLabelText('Reverse template')).toBeEnabled();
    expect(within(dialog).getByLabelText('Alternative URLs')).toBeDisabled();
    expect(
      within(dialog).getByText('Needs a newer chat server: feature level 478, this one is at 477.'),
    ).toBeInTheDocument();
  });
});
