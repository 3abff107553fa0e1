import { Button, ColorInput, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { ServerError } from '../../components/server-error';
import type { Channel } from '../../shared/svc/channels';
import {
  SUBSCRIPTION_NOTIFICATION_PROPERTIES,
  type Subscription,
  type SubscriptionNotificationProperty,
  type SubscriptionPropertyChange,
} from '../../shared/svc/ops/account-ops';
import { useSubscribe } from './api/create-channel';
import { useUpdateSubscriptionSettings } from './api/update-subscription-settings';

const NOTIFICATION_LABELS: Readonly<Record<SubscriptionNotificationProperty, string>> = {
  desktop_notifications: 'Desktop notifications',
  audible_notifications: 'Audible notifications',
  push_notifications: 'Mobile push notifications',
  email_notifications: 'Email notifications',
  wildcard_mentions_notify: 'Notify on @all / @everyone mentions',
};

type Choice = 'default' | 'on' | 'off';
const choiceOf = (value: boolean | null | undefined): Choice => (value == null ? 'default' : value ? 'on' : 'off');

interface Draft {
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  notifications: Record<SubscriptionNotificationProperty, Choice>;
}

function draftOf(s: Subscription): Draft {
  return {
    color: s.color,
    is_muted: s.is_muted,
    pin_to_top: s.pin_to_top,
    notifications: Object.fromEntries(SUBSCRIPTION_NOTIFICATION_PROPERTIES.map((p) => [p, choiceOf(s[p])])) as Record<
      SubscriptionNotificationProperty,
      Choice
    >,
  };
}

/** Only what differs from the saved settings, as one request's `subscription_data`. */
export function subscriptionChanges(streamId: number, saved: Subscription, draft: Draft): SubscriptionPropertyChange[] {
  const changes: SubscriptionPropertyChange[] = [];
  if (draft.color.toLowerCase() !== saved.color.toLowerCase()) {
    changes.push({ stream_id: streamId, property: 'color', value: draft.color });
  }
  if (draft.is_muted !== saved.is_muted)
    changes.push({ stream_id: streamId, property: 'is_muted', value: draft.is_muted });
  if (draft.pin_to_top !== saved.pin_to_top) {
    changes.push({ stream_id: streamId, property: 'pin_to_top', value: draft.pin_to_top });
  }
  for (const p of SUBSCRIPTION_NOTIFICATION_PROPERTIES) {
    const choice = draft.notifications[p];
    if (choice !== 'default' && choice !== choiceOf(saved[p])) {
      changes.push({ stream_id: streamId, property: p, value: choice === 'on' });
    }
  }
  return changes;
}

const changesOf = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

/** What was seen after an accepted save: only changes read back with their value count as saved. */
export function savedNoteOf(asked: number, seen: number | null): string {
  if (seen === null) return `The server accepted ${changesOf(asked)}; they could not be read back to confirm.`;
  if (seen === asked) return `Saved ${changesOf(asked)}.`;
  return `The server accepted ${changesOf(asked)}, but ${asked - seen} read back with another value (the form shows what the server holds).`;
}

/** My own settings for this channel; several changes are saved in one request. */
export function MySubscriptionSettings({
  channel,
  subscription,
}: {
  channel: Channel;
  subscription: Subscription | null;
}) {
  const subscribe = useSubscribe();
  if (subscription === null) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">You are not subscribed to #{channel.name}.</Text>
        <Button
          onClick={() => subscribe.mutate({ subscriptions: [{ name: channel.name }] })}
          loading={subscribe.isPending}
          disabled={channel.is_archived === true}
        >
          Subscribe me
        </Button>
        <ServerError error={subscribe.error} />
      </Stack>
    );
  }
  return <SettingsForm channel={channel} subscription={subscription} />;
}

function SettingsForm({ channel, subscription }: { channel: Channel; subscription: Subscription }) {
  const update = useUpdateSubscriptionSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(subscription));
  const [savedNote, setSavedNote] = useState('');
  // Another tab or device changed a setting (event): follow it unless the user is mid-edit. Adjusted
  // during render, so the form never shows the stale values for a frame.
  const [base, setBase] = useState(subscription);
  if (base !== subscription) {
    setBase(subscription);
    if (subscriptionChanges(channel.stream_id, base, draft).length === 0) setDraft(draftOf(subscription));
  }
  const changes = subscriptionChanges(channel.stream_id, subscription, draft);
  const dirty = changes.length > 0;

  const save = () => {
    setSavedNote('');
    update.mutate(changes, {
      onSuccess: ({ asked, seen }) => setSavedNote(savedNoteOf(asked, seen)),
    });
  };

  return (
    <Stack gap="sm" maw={480}>
      <ColorInput
        label="Color"
        eyeDropperButtonProps={{ 'aria-label': 'Pick the color from the screen' }}
        value={draft.color}
        onChange={(color) => setDraft((d) => ({ ...d, color }))}
        format="hex"
        w={200}
      />
      <Switch
        label="Muted"
        checked={draft.is_muted}
        onChange={(e) => {
          const muted = e.currentTarget.checked;
          setDraft((d) => ({ ...d, is_muted: muted }));
        }}
      />
      <Switch
        label="Shown in my home view"
        description="The inverse of muted: the server keeps both names in step."
        checked={!draft.is_muted}
        onChange={(e) => {
          const shown = e.currentTarget.checked;
          setDraft((d) => ({ ...d, is_muted: !shown }));
        }}
      />
      <Switch
        label="Pinned to the top"
        checked={draft.pin_to_top}
        onChange={(e) => {
          const pinned = e.currentTarget.checked;
          setDraft((d) => ({ ...d, pin_to_top: pinned }));
        }}
      />
      <NotificationChoices draft={draft} setDraft={setDraft} subscription={subscription} />
      <ServerError error={update.error} title="Not saved" />
      <Group>
        <Button onClick={save} disabled={!dirty} loading={update.isPending}>
          Save my settings
        </Button>
        <Button variant="default" disabled={!dirty || update.isPending} onClick={() => setDraft(draftOf(subscription))}>
          Discard changes
        </Button>
        <Text size="sm" role="status" aria-live="polite">
          {dirty ? `${changes.length} unsaved ${changes.length === 1 ? 'change' : 'changes'}` : savedNote}
        </Text>
      </Group>
    </Stack>
  );
}

interface NotificationChoicesProps {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  subscription: Subscription;
}

/** One choice per notification setting: my default, on or off. */
function NotificationChoices({ draft, setDraft, subscription }: NotificationChoicesProps) {
  return SUBSCRIPTION_NOTIFICATION_PROPERTIES.map((p) => (
    <NativeSelect
      key={p}
      label={NOTIFICATION_LABELS[p]}
      value={draft.notifications[p]}
      onChange={(e) => {
        const choice = e.currentTarget.value as Choice;
        setDraft((d) => ({ ...d, notifications: { ...d.notifications, [p]: choice } }));
      }}
      data={[
        // The endpoint takes booleans only, so "my default" can be shown but not chosen again.
        { value: 'default', label: 'My default', disabled: subscription[p] != null },
        { value: 'on', label: 'On' },
        { value: 'off', label: 'Off' },
      ]}
    />
  ));
}
