import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useOwnSettings } from '../../client/reference-data/own-settings';
import { useFeature } from '../../client/use-role';
import { LoadError } from '../../components/load-error';
import { ServerError } from '../../components/server-error';
import { useUpdateOwnSettings } from './api/update-own-settings';

const SETTING = 'allow_private_data_export';
const CONSENT_LABEL = 'Allow administrators to include my private data in exports';

/** What the console has seen of a change, in words; null before any change. */
export function consentStatus(
  asked: boolean | null,
  confirmed: boolean,
  pending: boolean,
  gaveUp = false,
): string | null {
  if (asked === null) return null;
  if (pending) return 'Saving…';
  if (confirmed)
    return asked
      ? 'Saved: exports made with consent include your private data.'
      : 'Saved: exports made with consent leave your private data out.';
  if (gaveUp)
    return `The server accepted the change, but your settings still did not show it after ${CONFIRM_WAIT_S} seconds. Reload the page to see what they hold.`;
  return 'The server accepted the change; waiting for it to show in your settings…';
}

/** How long the section reads the settings again, waiting for an accepted change to show. */
const CONFIRM_WAIT_S = 30;

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
  // The change whose wait ran out (its submission time): polling stops and the status says so.
  const [gaveUpOn, setGaveUpOn] = useState<number | null>(null);
  const waiting = update.isSuccess && !confirmed;
  const gaveUp = waiting && gaveUpOn === update.submittedAt;
  useEffect(() => {
    if (!waiting) return;
    const submittedAt = update.submittedAt;
    const timer = setTimeout(() => setGaveUpOn(submittedAt), CONFIRM_WAIT_S * 1_000);
    return () => clearTimeout(timer);
  }, [waiting, update.submittedAt]);
  // The server's event normally refreshes the settings; reading them again each second until the change shows
  // does not depend on the live stream being connected.
  const settings = useOwnSettings(waiting && !gaveUp ? 1_000 : false);
  const held = settings.data?.[SETTING];
  const current = typeof held === 'boolean' ? held : undefined;
  // Confirmed once the server's settings hold what was asked (derived during render, not in an effect).
  if (update.isSuccess && asked !== null && current === asked && !confirmed) setConfirmed(true);
  const showAsked = asked !== null && (update.isPending || (waiting && !gaveUp));
  const status = consentStatus(asked, confirmed, update.isPending, gaveUp);

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
