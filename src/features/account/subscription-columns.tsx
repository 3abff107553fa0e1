import { ColorInput, ColorSwatch, Group, NativeSelect, Switch, Text } from '@mantine/core';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { SUBSCRIPTION_NOTIFICATION_PROPERTIES, type Subscription } from '../../shared/svc/ops/account-ops';
import { NOTIFICATION_LABELS } from './subscription-words';

/** "Default" (null) shows what is inherited; the endpoint takes only booleans, so it cannot be chosen back. */
const CHOICES = [
  { value: 'default', label: 'Default', disabled: true },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

const choiceOf = (value: boolean | null | undefined) => (value == null ? 'default' : value ? 'on' : 'off');

type SetProperty = (s: Subscription, property: string, value: boolean | string) => void;

/** The subscriptions table's columns; `set` sends one property change. */
export function subscriptionColumns(set: SetProperty): DataTableColumn<Subscription>[] {
  return [...channelColumns(set), ...notificationColumns(set)];
}

function channelColumns(set: SetProperty): DataTableColumn<Subscription>[] {
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
          eyeDropperButtonProps={{ 'aria-label': `Pick the color for #${s.name} from the screen` }}
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
  ];
}

function notificationColumns(set: SetProperty): DataTableColumn<Subscription>[] {
  return SUBSCRIPTION_NOTIFICATION_PROPERTIES.map((p): DataTableColumn<Subscription> => ({
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
  }));
}
