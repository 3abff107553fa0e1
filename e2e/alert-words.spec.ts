import { expect, signIn, test } from './fixtures';
import { simCall } from './sim-api';

// The page registry's example page (README, "Add a page"): reached from the navigation, read-only, and kept
// current by the chat server's `alert_words` events with no handler of its own.

test('my alert words are in the navigation for a guest, and follow changes made in a chat app', async ({ page }) => {
  const email = 'guest@demo.test';
  const word = `console-e2e-${Date.now().toString(36)}`;
  await signIn(page, email);
  await expect(page.getByLabel('Live updates: Live')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Alert words' }).click();
  await expect(page).toHaveURL(/\/me\/alert-words$/);
  await expect(page.getByRole('heading', { name: 'Alert words', level: 2 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Alert words' });

  await simCall(email, 'POST', '/users/me/alert_words', { alert_words: JSON.stringify([word]) });
  await expect(list.getByRole('listitem').filter({ hasText: word })).toBeVisible();

  await simCall(email, 'DELETE', '/users/me/alert_words', { alert_words: JSON.stringify([word]) });
  await expect(page.getByText(word)).toHaveCount(0);
});
