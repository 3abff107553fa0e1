import { Alert, ColorInput, ColorSwatch, Group, NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { errorMessage } from '../../client/api-error';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import {
  SUBSCRIPTION_NOTIFICATION_PROPERTIES,
  type Subscription,
  type SubscriptionNotificationProperty,
  type SubscriptionPropertyChange,
} from '../../shared/svc/ops/account-ops';
import { useOwnSubscriptions } from './api/get-own-subscriptions';
import { useUpdateSubscriptionProperty, type ChangeOutcome } from './api/update-subscription-properties';

const NOTIFICATION_LABELS: Record<SubscriptionNotificationProperty, string> = {
  desktop_notifications: 'Desktop',
  audible_notifications: 'Audible',
  push_notifications: 'Push',
  email_notifications: 'Email',
  wildcard_mentions_notify: 'Wildcard mentions',
};

/** "Default" (null) shows what is inherited; the endpoint takes only booleans, so it cannot be chosen back. */
const CHOICES = [
  { value: 'default', label: 'Default', disabled: true },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

const choiceOf = (value: boolean | null | undefined) => (value == null ? 'default' : value ? 'on' : 'off');

const isNotificationProperty = (p: string): p is SubscriptionNotificationProperty =>
  (SUBSCRIPTION_NOTIFICATION_PROPERTIES as readonly string[]).includes(p);

/** A change in words: "#design is muted", "Push notifications for #design are on". */
export function describeChange(change: SubscriptionPropertyChange, channel: string): string {
  const on = change.value === true;
  if (change.property === 'is_muted') return `${channel} is ${on ? 'muted' : 'unmuted'}`;
  if (change.property === 'pin_to_top') return `${channel} is ${on ? 'pinned to the top' : 'no longer pinned'}`;
  if (change.property === 'color') return `${channel} has the color ${String(change.value)}`;
  if (isNotificationProperty(change.property))
    return `${NOTIFICATION_LABELS[change.property]} notifications for ${channel} are ${on ? 'on' : 'off'}`;
  return `${change.property} of ${channel} is ${String(change.value)}`;
}

/** What the console saw after an accepted change, and only that. */
export function outcomeText(outcome: ChangeOutcome, channelName: string | undefined): string {
  const channel = `#${channelName ?? `channel ${outcome.change.stream_id}`}`;
  const asked = describeChange(outcome.change, channel);
  switch (outcome.kind) {
    case 'seen':
      return `Saved: ${asked}.`;
    case 'unread':
      return `The server accepted the change (${asked}), but it could not be read back to confirm it.`;
    case 'other':
      return outcome.subscription
        ? `The server accepted the change (${asked}), but reading it back shows another value: it may have been changed again since.`
        : `The server accepted the change (${asked}), but you no longer appear subscribed to ${channel}.`;
  }
}

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

  const columns = useMemo((): DataTableColumn<Subscription>[] => {
    const set = (s: Subscription, property: string, value: boolean | string) =>
      mutate({ stream_id: s.stream_id, property, value });
    return [
      {
        id: 'channel',
        header: 'Channel',
        width: 'minmax(9rem, 1fr)',
        cell: (s) => (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={s.color} size={14} aria-hidden />
            <Text size="sm" truncate>
              #{s.name}
            </Text>
          </Group>
        ),
      },
      {
        id: 'color',
        header: 'Color',
        width: '7.5rem',
        cell: (s) => (
          <ColorInput
            key={s.color}
            size="xs"
            w={120}
            aria-label={`Color for #${s.name}`}
            format="hex"
            defaultValue={s.color}
            onChangeEnd={(color) => {
              if (color !== s.color) set(s, 'color', color);
            }}
          />
        ),
      },
      {
        id: 'muted',
        header: 'Muted',
        width: '4rem',
        cell: (s) => (
          <Switch
            aria-label={`Mute #${s.name}`}
            checked={s.is_muted}
            onChange={(e) => set(s, 'is_muted', e.currentTarget.checked)}
          />
        ),
      },
      {
        id: 'pinned',
        header: 'Pinned',
        width: '4rem',
        cell: (s) => (
          <Switch
            aria-label={`Pin #${s.name} to top`}
            checked={s.pin_to_top}
            onChange={(e) => set(s, 'pin_to_top', e.currentTarget.checked)}
          />
        ),
      },
      ...SUBSCRIPTION_NOTIFICATION_PROPERTIES.map((p): DataTableColumn<Subscription> => ({
        id: p,
        header: NOTIFICATION_LABELS[p],
        width: p === 'wildcard_mentions_notify' ? '9.5rem' : '5.5rem',
        cell: (s) => (
          <NativeSelect
            size="xs"
            aria-label={`${NOTIFICATION_LABELS[p]} notifications for #${s.name}`}
            data={CHOICES}
            value={choiceOf(s[p])}
            onChange={(e) => {
              const choice = e.currentTarget.value;
              if (choice === 'on' || choice === 'off') set(s, p, choice === 'on');
            }}
          />
        ),
      })),
    ];
  }, [mutate]);

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
