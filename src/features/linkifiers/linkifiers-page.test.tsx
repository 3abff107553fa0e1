// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LinkifiersPage } from './linkifiers-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0 });

const CVE = 'CVE-(?P<year>[0-9]{4})-(?P<number>[0-9]{4,})';
const PROJECT = '(?P<project>[A-Z][A-Z0-9]+)-(?P<number>[0-9]+)';
const TRACKER = '#(?P<id>[0-9]+)';

async function renderPage() {
  const view = renderWithProviders(<LinkifiersPage />, { route: '/settings/linkifiers' });
  // The first render of a file waits for Mantine and the simulator to warm up: more than the default second.
  await screen.findByRole('table', { name: 'Linkifiers' }, { timeout: 5_000 });
  return view;
}

/** The body rows' text, in order. */
function rows(): string[] {
  return within(screen.getByRole('table', { name: 'Linkifiers' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

function simPatterns(): string[] {
  return [...env.sim.store.linkifiers].sort((a, b) => a.order - b.order).map((l) => l.pattern);
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

describe('LinkifiersPage: the list', () => {
  it('lists the linkifiers in effective order with pattern and URL template', async () => {
    await renderPage();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Order',
      'Pattern',
      'URL template',
      'Actions',
    ]);
    expect(rows()).toEqual([
      expect.stringContaining('https://github.com/{org}/{repo}/issues/{id}'),
      expect.stringContaining(CVE),
      expect.stringContaining(PROJECT),
    ]);
    expect(rows()[1]).toMatch(/^⠿2CVE/);
  });

  it('shows in the sandbox which spans link where, and which linkifier wins an overlap', async () => {
    const { user } = await renderPage();
    await fill(user, screen.getByLabelText('Sample text'), 'See CVE-2024-12345 and OPS-7.');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    await waitFor(() =>
      expect(within(preview).getByRole('link', { name: 'CVE-2024-12345' })).toHaveAttribute(
        'href',
        'https://www.cve.org/CVERecord?id=CVE-2024-12345',
      ),
    );
    expect(within(preview).getByRole('link', { name: 'OPS-7' })).toHaveAttribute(
      'href',
      'https://issues.demo.test/browse/OPS-7',
    );
    expect(preview).toHaveTextContent('See CVE-2024-12345 and OPS-7.');
    const matches = screen.getByRole('table', { name: 'Matches' });
    expect(
      within(matches)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      `CVE-2024-12345https://www.cve.org/CVERecord?id=CVE-2024-12345linkifier 2 ${CVE}`,
      `OPS-7https://issues.demo.test/browse/OPS-7linkifier 3 ${PROJECT}`,
    ]);
    expect(screen.getByRole('list', { name: 'Overlaps' })).toHaveTextContent(
      'CVE-2024 also matches linkifier 3, but linkifier 2 comes first and links CVE-2024-12345.',
    );
    expect(screen.getByText('2 links')).toBeInTheDocument();
  });
});

describe('LinkifiersPage: adding', () => {
  it('refuses an invalid pattern and a template variable the pattern lacks, before sending anything', async () => {
    const { user } = await renderPage();
    const dialog = await openAdd(user);
    const submit = within(dialog).getByRole('button', { name: 'Add linkifier' });
    expect(submit).toBeDisabled();
    const pattern = within(dialog).getByLabelText('Pattern');
    const url = within(dialog).getByLabelText('URL template');

    await fill(user, pattern, '#(?P<id>[0-9]+');
    await fill(user, url, 'https://tracker.example/{id}');
    expect(within(dialog).getByText('The pattern does not compile: unterminated group.')).toBeInTheDocument();
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();

    await fill(user, pattern, TRACKER);
    await fill(user, url, 'https://tracker.example/{ticket}');
    expect(
      within(dialog).getByText(
        '{ticket} is not a named group of the pattern. Add (?P<ticket>…) to the pattern or remove it here.',
      ),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await fill(user, url, 'https://tracker.example/{id');
    expect(
      within(dialog).getByText('Not a valid RFC 6570 URL template: unclosed “{” at character 25.'),
    ).toBeInTheDocument();
    // Enter does not get past the checks either.
    await user.type(url, '{Enter}');
    expect(env.sim.store.linkifiers).toHaveLength(3);
    expect(env.sim.emitted).toEqual([]);
  });

  it('adds a valid linkifier, trying it in the dialog first, and lists it last', async () => {
    const { user } = await renderPage();
    await fill(user, screen.getByLabelText('Sample text'), 'Fixed in #42.');
    const dialog = await openAdd(user);
    await fill(user, within(dialog).getByLabelText('Pattern'), TRACKER);
    await fill(user, within(dialog).getByLabelText('URL template'), 'https://tracker.example/{id}');
    // The dialog's sandbox shares the page's sample text and applies the draft.
    expect(within(dialog).getByLabelText('Sample text')).toHaveValue('Fixed in #42.');
    const draftPreview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(await within(draftPreview).findByRole('link', { name: '#42' })).toHaveAttribute(
      'href',
      'https://tracker.example/42',
    );
    expect(within(dialog).getByRole('table', { name: 'Matches' })).toHaveTextContent(`this linkifier (4) ${TRACKER}`);

    await user.click(within(dialog).getByRole('button', { name: 'Add linkifier' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add linkifier' })).not.toBeInTheDocument());
    expect(simPatterns().at(-1)).toBe(TRACKER);
    expect(env.sim.store.linkifiers.at(-1)?.urlTemplate).toBe('https://tracker.example/{id}');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[3]).toContain('https://tracker.example/{id}');
    expect(await screen.findByText('Linkifier added')).toBeInTheDocument();
  });

  it('shows the server’s refusal verbatim', async () => {
    const { user } = await renderPage();
    const dialog = await openAdd(user);
    await fill(user, within(dialog).getByLabelText('Pattern'), CVE);
    await fill(user, within(dialog).getByLabelText('URL template'), 'https://cve.example/{year}/{number}');
    await user.click(within(dialog).getByRole('button', { name: 'Add linkifier' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Realm filter with this Realm and Pattern already exists.',
    );
    expect(env.sim.store.linkifiers).toHaveLength(3);
  });

  it('sends a `%(name)s` format string to a server before level 176', async () => {
    env.sim.control.setFeatureLevel(170);
    const { user } = await renderPage();
    expect(screen.getByRole('columnheader', { name: 'URL format string' })).toBeInTheDocument();
    expect(rows()[0]).toContain('https://github.com/%(org)s/%(repo)s/issues/%(id)s');
    const dialog = await openAdd(user);
    await fill(user, within(dialog).getByLabelText('Pattern'), TRACKER);
    const url = within(dialog).getByLabelText('URL format string');
    await fill(user, url, 'https://tracker.example/{id}');
    expect(
      within(dialog).getByText(
        "The pattern's group “id” is not used. Insert it with %(id)s: the server requires every named group in the URL.",
      ),
    ).toBeInTheDocument();
    await fill(user, url, 'https://tracker.example/%(id)s');
    await user.click(within(dialog).getByRole('button', { name: 'Add linkifier' }));
    await waitFor(() => expect(simPatterns().at(-1)).toBe(TRACKER));
    expect(env.sim.store.linkifiers.at(-1)?.urlTemplate).toBe('https://tracker.example/{id}');
  });
});

describe('LinkifiersPage: editing and deleting', () => {
  it('edits a linkifier in place', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: `Edit ${PROJECT}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit linkifier' });
    const save = within(dialog).getByRole('button', { name: 'Save linkifier' });
    expect(within(dialog).getByLabelText('Pattern')).toHaveValue(PROJECT);
    expect(save).toBeDisabled();
    await fill(user, within(dialog).getByLabelText('URL template'), 'https://jira.example/browse/{project}-{number}');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit linkifier' })).not.toBeInTheDocument());
    expect(env.sim.store.linkifiers[2]?.urlTemplate).toBe('https://jira.example/browse/{project}-{number}');
    await waitFor(() => expect(rows()[2]).toContain('https://jira.example/browse/{project}-{number}'));
  });

  it('deletes only after a confirmation that names the pattern', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: `Delete ${CVE}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete linkifier?' });
    expect(dialog).toHaveTextContent(`The linkifier ${CVE} will be deleted for the whole organization.`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(env.sim.store.linkifiers).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: `Delete ${CVE}` }));
    const again = await screen.findByRole('dialog', { name: 'Delete linkifier?' });
    await user.click(within(again).getByRole('button', { name: 'Delete linkifier' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(simPatterns()).not.toContain(CVE);
    expect(await screen.findByText(`“${CVE}” was deleted.`)).toBeInTheDocument();
  });
});

describe('LinkifiersPage: reordering', () => {
  it('moves a linkifier with the keyboard-accessible buttons, keeping focus on the moved row', async () => {
    const { user } = await renderPage();
    const down = screen.getByRole('button', { name: `Move ${CVE} down` });
    expect(screen.getByRole('button', { name: `Move ${CVE} up` })).toBeEnabled();
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(simPatterns()[2]).toBe(CVE));
    expect(rows()[2]).toContain(CVE);
    // At the bottom "down" is disabled, so focus moved to the same row's "up".
    expect(screen.getByRole('button', { name: `Move ${CVE} down` })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: `Move ${CVE} up` })).toHaveFocus());
    expect(await screen.findByText(`Moved ${CVE} to position 3 of 3.`)).toBeInTheDocument();
  });

  it('moves a linkifier by dragging its row', async () => {
    await renderPage();
    const table = screen.getByRole('table', { name: 'Linkifiers' });
    const [, first, , third] = within(table).getAllByRole('row');
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(third!, { dataTransfer });
    fireEvent.dragOver(first!, { dataTransfer });
    fireEvent.drop(first!, { dataTransfer });
    await waitFor(() => expect(simPatterns()[0]).toBe(PROJECT));
    expect(rows()[0]).toContain(PROJECT);
  });

  it('is not offered before level 202, and says why', async () => {
    env.sim.control.setFeatureLevel(190);
    await renderPage();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Reordering: Needs a newer chat server: feature level 202, this one is at 190.',
    );
    expect(within(screen.getByRole('table', { name: 'Linkifiers' })).getAllByRole('row')[1]).not.toHaveAttribute(
      'draggable',
    );
  });
});

describe('LinkifiersPage: who may change linkifiers', () => {
  it('is read-only for a member, with the reason, while the sandbox still works', async () => {
    env.signInAs('member@demo.test');
    const { user } = await renderPage();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Only organization administrators can add, edit, reorder or delete linkifiers.',
    );
    expect(screen.queryByRole('button', { name: 'Add linkifier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Move) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText('Sample text'), 'zulip/zulip#2468');
    expect(await screen.findByRole('link', { name: 'zulip/zulip#2468' })).toHaveAttribute(
      'href',
      'https://github.com/zulip/zulip/issues/2468',
    );
  });
});
