import { Drawer, Group, Loader, Tabs, Text } from '@mantine/core';
import { useLastShown } from '../../components/use-last-shown';
import type { UserGroup } from '../../shared/svc/user-groups';
import { GrantedPanel } from './granted-panel';
import { GroupBadges } from './group-badges';
import { GroupOverview } from './group-overview';
import { MembersPanel } from './members-panel';
import { PermissionsPanel } from './permissions-panel';
import { SubgroupsPanel } from './subgroups-panel';
import type { GroupData } from './use-group-data';
import { GROUP_TABS, type GroupTab } from './use-user-groups-search';

const TAB_LABELS: Readonly<Record<GroupTab, string>> = {
  overview: 'Overview',
  members: 'Members',
  subgroups: 'Subgroups',
  permissions: 'Permissions',
  granted: 'Granted to this group',
};

interface GroupDetailsDrawerProps {
  groupId: number | null;
  group: UserGroup | null;
  loading: boolean;
  tab: GroupTab;
  onTab: (tab: GroupTab) => void;
  onClose: () => void;
  data: GroupData;
}

/** The selected group, opened whenever `?group=<id>` is in the URL; each tab renders only when shown. */
export function GroupDetailsDrawer(props: GroupDetailsDrawerProps) {
  const { groupId, tab, onTab, onClose, data } = props;
  // While it slides away it keeps showing the group it showed, not "does not exist" for the id just removed.
  const group = useLastShown(props.group, groupId !== null);
  const loading = useLastShown(props.loading, groupId !== null);
  return (
    <Drawer
      opened={groupId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={group ? data.groupName(group.id) : 'Group details'}
      closeButtonProps={{ 'aria-label': 'Close group details' }}
    >
      {group === null ? (
        loading ? (
          <Group gap="xs">
            <Loader size="xs" aria-label="Loading" />
            <Text size="sm">Loading group…</Text>
          </Group>
        ) : (
          <Text size="sm">This group does not exist.</Text>
        )
      ) : (
        <>
          <GroupBadges group={group} />
          <Tabs value={tab} onChange={(value) => value && onTab(value as GroupTab)} mt="md" keepMounted={false}>
            <Tabs.List>
              {GROUP_TABS.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {TAB_LABELS[t]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="overview" pt="md">
              <GroupOverview key={group.id} group={group} data={data} />
            </Tabs.Panel>
            <Tabs.Panel value="members" pt="md">
              <MembersPanel key={group.id} group={group} data={data} />
            </Tabs.Panel>
            <Tabs.Panel value="subgroups" pt="md">
              <SubgroupsPanel key={group.id} group={group} data={data} />
            </Tabs.Panel>
            <Tabs.Panel value="permissions" pt="md">
              <PermissionsPanel key={group.id} group={group} data={data} />
            </Tabs.Panel>
            <Tabs.Panel value="granted" pt="md">
              <GrantedPanel group={group} data={data} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Drawer>
  );
}
