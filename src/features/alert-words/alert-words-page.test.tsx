// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callSim } from '../../sim/svc';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { paths } from '../../shared/app-paths';
import { AlertWordsPage } from './alert-words-page';

const EMAIL = 'guest@demo.test';
const env = setupSimServer({ as: EMAIL, generatedUsers: 0 });
// Reads go through the real BFF in front of the simulator: slower than a second on a busy machine.
const POLL = { timeout: 10_000 };

async function setWords(add: string[], remove: string[] = []) {
  if (remove.length > 0) {
    await callSim(env.sim, 'DELETE', '/users/me/alert_words', {
      as: EMAIL,
      params: { alert_words: JSON.stringify(remove) },
    });
  }
  if (add.length > 0) {
    await callSim(env.sim, 'POST', '/users/me/alert_words', {
      as: EMAIL,
      params: { alert_words: JSON.stringify(add) },
    });
  }
}

describe('Alert words', () => {
  it('says so in words when there are none', async () => {
    renderWithProviders(<AlertWordsPage />, { route: paths.alertWords });
    await screen.findByRole('heading', { name: 'Alert words', level: 2 });
    expect(await screen.findByText(/You have no alert words/, undefined, POLL)).toBeInTheDocument();
  });

  it('lists my words in the order I added them, for any role (a guest here)', async () => {
    await setWords(['deadline', 'Quarterly review']);
    renderWithProviders(<AlertWordsPage />, { route: paths.alertWords });
    const list = await screen.findByRole('list', { name: 'Alert words' }, POLL);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['deadline', 'Quarterly review']);
    expect(screen.getByText('2 words, in the order you added them.')).toBeInTheDocument();
    await setWords([], ['deadline', 'Quarterly review']);
  });
});
