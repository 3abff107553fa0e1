import { Alert, ColorInput, ColorSwatch, Group, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../client/api-error';
import {
  SUBSCRIPTION_NOTIFICATION_PROPERTIES,
  type Subscription,
  type SubscriptionNotificationProperty,
} from '../../shared/svc/ops/account-ops';
import { useOwnSubscriptions } from './api/get-own-subscriptions';
import { useUpdateSubscriptionProperty } from './api/update-subscription-properties';

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

/** My channel subscriptions: color, mute, pin and per-channel notifications (Default follows my settings). */
export function SubscriptionsSection() {
  const subscriptions = useOwnSubscriptions();
  const update = useUpdateSubscriptionProperty();
  const set = (s: Subscription, property: string, value: boolean | string) => {
    update.mutate({ stream_id: s.stream_id, property, value });
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>My channel subscriptions</Title>
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
          <Table.ScrollContainer minWidth={900}>
            <Table aria-label="My channel subscriptions" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Channel</Table.Th>
                  <Table.Th>Color</Table.Th>
                  <Table.Th>Muted</Table.Th>
                  <Table.Th>Pinned</Table.Th>
                  {SUBSCRIPTION_NOTIFICATION_PROPERTIES.map((p) => (
                    <Table.Th key={p}>{NOTIFICATION_LABELS[p]}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subscriptions.data.map((s) => (
                  <Table.Tr key={s.stream_id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <ColorSwatch color={s.color} size={14} aria-hidden />
                        <Text size="sm">#{s.name}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Mute #${s.name}`}
                        checked={s.is_muted}
                        onChange={(e) => set(s, 'is_muted', e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Pin #${s.name} to top`}
                        checked={s.pin_to_top}
                        onChange={(e) => set(s, 'pin_to_top', e.currentTarget.checked)}
                      />
                    </Table.Td>
                    {SUBSCRIPTION_NOTIFICATION_PROPERTIES.map((p) => (
                      <Table.Td key={p}>
                        <Select
                          size="xs"
                          w={100}
                          aria-label={`${NOTIFICATION_LABELS[p]} notifications for #${s.name}`}
                          data={CHOICES}
                          value={choiceOf(s[p])}
                          allowDeselect={false}
                          onChange={(choice) => {
                            if (choice === 'on' || choice === 'off') set(s, p, choice === 'on');
                          }}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
