import { expect, navigate, signInAs, test, watchBffFailures, type RealRole } from './real-fixtures';

/** What a page says when a read failed; none of it may show on any area a role's navigation offers. */
const FAILURE = /could not be (loaded|read)|cannot load|cannot be reached|does not match the documented shape/i;

const ROLES: readonly RealRole[] = ['owner', 'admin', 'moderator', 'member', 'guest'];

for (const role of ROLES) {
  test(`${role}: signs in with a password and opens every area the navigation offers, with no error`, async ({
    page,
  }) => {
    const failures = watchBffFailures(page);
    const user = await signInAs(page, role);
    await expect(page.getByRole('button', { name: /account menu/ })).toContainText(user.full_name.split(',')[0]!);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const labels = await nav.getByRole('link').allInnerTexts();
    expect(labels.length).toBeGreaterThan(4);
    for (const label of labels) {
      await navigate(page, label);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByText(/^(Loading|Checking)/)).toHaveCount(0);
      for (const alert of await page.getByRole('alert').allInnerTexts()) {
        expect(alert, `${label} as ${role}`).not.toMatch(FAILURE);
      }
    }
    // The proxy area answers 503 itself when no dashboard is configured; nothing else may fail.
    expect(failures.filter((f) => !f.includes('/bff/proxy/'))).toEqual([]);
    if (role === 'guest') expect(labels).not.toContain('User groups');
  });
}
