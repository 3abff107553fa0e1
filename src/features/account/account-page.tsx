import { Stack, Text, Title } from '@mantine/core';

import { useFeature } from '../../client/use-role';
import { useOwnStatus } from './api/get-own-status';
import { useOwnUser } from './api/get-own-user';
import { AdvancedSection } from './apns-token-section';
import { DataExportConsentSection } from './data-export-consent-section';
import { OwnStatusSection } from './own-status-form';
import { OwnUserCard } from './own-user-card';
import { PushTestSection } from './push-test-section';
import { SessionsSection } from './sessions-section';
import { SubscriptionsSection } from './subscriptions-section';
import { LoadError } from '../../components/load-error';

/**
 * My account: the own-user record, my status, my channel subscriptions, my consent to private data in
 * exports, my console sessions, a test push notification and (under Advanced) APNs.
 */
export function AccountPage() {
  const me = useOwnUser();
  const statusRead = useFeature('userStatusGet');
  const status = useOwnStatus(me.data?.user_id, statusRead.enabled);

  return (
    <Stack gap="lg">
      <Title order={2}>My account</Title>
      {me.isPending ? (
        <Text c="dimmed">Loading your account…</Text>
      ) : me.isError ? (
        <LoadError title="Your account could not be loaded" error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <>
          <OwnUserCard user={me.data} />
          <OwnStatusSection
            current={status.data}
            readReason={statusRead.reason}
            loading={statusRead.enabled && status.isPending}
          />
          <SubscriptionsSection />
          <DataExportConsentSection />
        </>
      )}
      <SessionsSection />
      <PushTestSection />
      <AdvancedSection />
    </Stack>
  );
}
