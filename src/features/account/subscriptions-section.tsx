import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { errorMessage } from '../../client/api-error';
import { DataTable } from '../../components/data-table/data-table';
import type { Subscription } from '../../shared/svc/ops/account-ops';
import { useOwnSubscriptions } from './api/get-own-subscriptions';
import { useUpdateSubscriptionProperty } from './api/update-subscription-properties';
import { subscriptionColumns } from './subscription-columns';
import { outcomeText } from './subscription-words';

/** Rows shown before the table scrolls: an account can follow hundreds of channels. */
const VISIBLE_ROWS = 10;
const ROW_HEIGHT = 52;
/** The table's header row and border (see DataTable). */
const TABLE_CHROME = 42;

/**
 * My channel subscriptions: color, mute, pin and per-channel notifications (Default follows my settings). A
 * virtualized table with native selects: an account subscribed to hundreds of channels renders only the rows
 * in view, where a table of Mantine Selects built every row's controls (about a thousand React components a
 * row).
 */
export function SubscriptionsSection() {
  const subscriptions = useOwnSubscriptions();
  const update = useUpdateSubscriptionProperty();
  const { mutate } = update;
  const columns = useMemo(
    () =>
      subscriptionColumns((s: Subscription, property: string, value: boolean | string) =>
        mutate({ stream_id: s.stream_id, property, value }),
      ),
    [mutate],
  );

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>My channel subscriptions</Title>
        {update.isSuccess && (
          <Text
            size="sm"
            role="status"
            aria-label="Subscription change"
            c={update.data.kind === 'seen' ? 'teal' : 'orange'}
          >
            {outcomeText(
              update.data,
              subscriptions.data?.find((s) => s.stream_id === update.data.change.stream_id)?.name,
            )}
          </Text>
        )}
        {update.isError && (
          <Alert color="red" title="The change was not saved" role="alert">
            {errorMessage(update.error)}
          </Alert>
        )}
        {subscriptions.isPending ? (
          <Text c="dimmed">Loading your subscriptions…</Text>
        ) : subscriptions.isError ? (
          <Alert color="red" title="Your subscriptions could not be loaded">
            {errorMessage(subscriptions.error)}
          </Alert>
        ) : subscriptions.data.length === 0 ? (
          <Text c="dimmed">You are not subscribed to any channel.</Text>
        ) : (
          <DataTable
            label="My channel subscriptions"
            rows={subscriptions.data}
            columns={columns}
            getRowId={(s) => s.stream_id}
            rowHeight={ROW_HEIGHT}
            height={TABLE_CHROME + Math.min(subscriptions.data.length, VISIBLE_ROWS) * ROW_HEIGHT}
            minWidth={820}
          />
        )}
      </Stack>
    </Paper>
  );
}
