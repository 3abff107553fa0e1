import { account, expect, signInAs, test, zulipApi } from './real-fixtures';

// Prospero: a dev-data member whose own settings no other spec touches.
const PROSPERO = 'prospero@zulip.com';
const CONSENT = 'Allow administrators to include my private data in exports';

interface Consents {
  export_consents: { user_id: number; consented: boolean }[];
}

async function consented(userId: number): Promise<boolean | undefined> {
  const { export_consents } = await zulipApi<Consents>('admin', 'GET', '/export/realm/consents');
  return export_consents.find((c) => c.user_id === userId)?.consented;
}

test('a member consents to private data in exports on the real server, and withdraws it', async ({ page }) => {
  const prospero = account(PROSPERO);
  // Start without consent, whatever an earlier run left.
  await zulipApi(PROSPERO, 'PATCH', '/settings', { allow_private_data_export: false });
  try {
    await signInAs(page, PROSPERO, '/me');
    const section = page.getByRole('region', { name: 'Data exports' });
    const consent = section.getByRole('switch', { name: CONSENT });
    await expect(consent).toBeEnabled();
    await expect(consent).not.toBeChecked();

    // The switch's input sits under its drawn track; the click lands on the track, as a person's would.
    await consent.click({ force: true });
    await expect(section.getByRole('status')).toHaveText('Saved: exports made with consent include your private data.');
    await expect(consent).toBeChecked();
    expect(await consented(prospero.user_id)).toBe(true);

    await consent.click({ force: true });
    await expect(section.getByRole('status')).toHaveText(
      'Saved: exports made with consent leave your private data out.',
    );
    expect(await consented(prospero.user_id)).toBe(false);
  } finally {
    await zulipApi(PROSPERO, 'PATCH', '/settings', { allow_private_data_export: false });
  }
});
