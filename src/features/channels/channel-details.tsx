import { Alert, Drawer, Group, Loader, Tabs, Text } from '@mantine/core';
import { KindBadges } from './kind-badges';
import { channelKinds } from '../../shared/svc/channels';
import { archivedReadsGate } from './channel-level-rules';
import { ChannelOverview } from './channel-overview';
import { ChannelSettingsPanel } from './channel-settings-panel';
import type { ChannelRow } from './filter-channels';
import { useLastShown } from '../../components/use-last-shown';
import { MySubscriptionSettings } from './my-subscription-settings';
import { SubscribersPanel } from './subscribers-panel';
import { TopicsPanel } from './topics-panel';
import { CHANNEL_TABS, type ChannelTab } from './use-channels-search';

const TAB_LABELS: Readonly<Record<ChannelTab, string>> = {
  overview: 'Overview',
  settings: 'Settings',
  subscribers: 'Subscribers',
  topics: 'Topics',
  mine: 'My settings',
};

/** In place of a list the server would refuse (an archived channel before level 480): why, not an error. */
function NotReadable({ title, reason }: { title: string; reason: string }) {
  return (
    <Alert role="note" color="gray" variant="light" title={title}>
      {reason}
    </Alert>
  );
}

interface ChannelDetailsDrawerProps {
  streamId: number | null;
  row: ChannelRow | null;
  loading: boolean;
  tab: ChannelTab;
  onTab: (tab: ChannelTab) => void;
  onClose: () => void;
  level: number;
}

/** The selected channel, opened whenever `?channel=<id>` is in the URL; each tab loads only when shown. */
export function ChannelDetailsDrawer({
  streamId,
  row,
  loading,
  tab,
  onTab,
  onClose,
  level,
}: ChannelDetailsDrawerProps) {
  // While it slides away it keeps showing the channel it showed, not "does not exist" for the id just removed.
  const channel = useLastShown(row?.channel ?? null, streamId !== null);
  const shownLoading = useLastShown(loading, streamId !== null);
  const archivedReads = channel === null ? null : archivedReadsGate(channel, level);
  return (
    <Drawer
      opened={streamId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={channel ? `#${channel.name}` : 'Channel details'}
      closeButtonProps={{ 'aria-label': 'Close channel details' }}
    >
      {channel === null ? (
        shownLoading ? (
          <Group gap="xs">
            <Loader size="xs" aria-label="Loading" />
            <Text size="sm">Loading channel…</Text>
          </Group>
        ) : (
          <Text size="sm">This channel does not exist or you cannot see it.</Text>
        )
      ) : (
        <>
          <KindBadges kinds={channelKinds(channel)} />
          <Tabs value={tab} onChange={(value) => value && onTab(value as ChannelTab)} mt="md" keepMounted={false}>
            <Tabs.List>
              {CHANNEL_TABS.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {TAB_LABELS[t]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="overview" pt="md">
              <ChannelOverview channel={channel} level={level} />
            </Tabs.Panel>
            <Tabs.Panel value="settings" pt="md">
              <ChannelSettingsPanel channel={channel} level={level} />
            </Tabs.Panel>
            <Tabs.Panel value="subscribers" pt="md">
              {archivedReads ? (
                <NotReadable title="Subscribers cannot be read" reason={archivedReads} />
              ) : (
                <SubscribersPanel channel={channel} />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="topics" pt="md">
              {archivedReads ? (
                <NotReadable title="Topics cannot be read" reason={archivedReads} />
              ) : (
                <TopicsPanel channel={channel} level={level} />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="mine" pt="md">
              <MySubscriptionSettings channel={channel} subscription={row?.subscription ?? null} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Drawer>
  );
}
