import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useOwnSettings } from '../../client/reference-data/own-settings';
import { useFeature } from '../../client/use-role';
import { LoadError } from '../../components/load-error';
import { ServerError } from '../../components/server-error';
import { useUpdateOwnSettings } from './api/update-own-settings';

const SETTING = 'allow_private_data_export';
const CONSENT_LABEL = 'Allow administrators to include my private data in exports';

/** What the console has seen of a change, in words; null before any change. */
export function consentStatus(asked: boolean | null, confirmed: boolean, pending: boolean): string | null {
  if (asked === null) return null;
  if (pending) return 'Saving…';
  if (confirmed)
    return asked
      ? 'Saved: exports made with consent include your private data.'
      : 'Saved: exports made with consent leave your private data out.';
  return 'The server accepted the change; waiting for it to show in your settings…';
}

/**
 * My consent to private data in data exports (`allow_private_data_export`): an administrator's export "with
 * consent" includes the private messages and other private data of those who gave it. Shown as held once the
 * server's own settings say so, not when the request returns.
 */
export function DataExportConsentSection() {
  const gate = useFeature('privateDataExportConsent');
  const update = useUpdateOwnSettings();
  const [asked, setAsked] = useState<boolean | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  // The server's event normally refreshes the settings; reading them again each second until the change shows
  // does not depend on the live stream being connected.
  const settings = useOwnSettings(update.isSuccess && !confirmed ? 1_000 : false);
  const held = settings.data?.[SETTING];
  const current = typeof held === 'boolean' ? held : undefined;
  // Confirmed once the server's settings hold what was asked (derived during render, not in an effect).
  if (update.isSuccess && asked !== null && current === asked && !confirmed) setConfirmed(true);
  const showAsked = asked !== null && (update.isPending || (update.isSuccess && !confirmed));
  const status = consentStatus(asked, confirmed, update.isPending);

  const change = (value: boolean) => {
    setAsked(value);
    setConfirmed(false);
    update.mutate({ [SETTING]: value }, { onError: () => setAsked(null) });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-export-consent-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="account-export-consent-heading">
          Data exports
        </Title>
        <Text size="sm" c="dimmed">
          Administrators can export the organization&apos;s data. An export made with consent includes the private
          messages and other private data only of the people who allow it here.
        </Text>
        {settings.isError ? (
          <LoadError
            title="Your settings could not be loaded"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <Switch
            label={CONSENT_LABEL}
            // Mantine draws the description inside the label: named here so it is not read twice.
            aria-label={CONSENT_LABEL}
            description={gate.reason ?? undefined}
            checked={showAsked ? asked : (current ?? false)}
            disabled={!gate.enabled || settings.isPending || current === undefined || update.isPending}
            onChange={(event) => change(event.currentTarget.checked)}
          />
        )}
        {status ? (
          <Text size="sm" role="status" c={confirmed ? 'teal' : 'dimmed'}>
            {status}
          </Text>
        ) : null}
        <ServerError error={update.error} />
      </Stack>
    </Paper>
  );
}
