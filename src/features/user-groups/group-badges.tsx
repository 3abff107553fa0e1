import { Badge, Group } from '@mantine/core';
import type { UserGroup } from '../../shared/svc/user-groups';

/** System and deactivated groups are marked wherever a group is listed. */
export function GroupBadges({ group }: { group: UserGroup }) {
  if (!group.is_system_group && !group.deactivated) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {group.is_system_group ? (
        <Badge variant="light" color="blue" size="sm">
          System
        </Badge>
      ) : null}
      {group.deactivated ? (
        <Badge variant="light" color="gray" size="sm">
          Deactivated
        </Badge>
      ) : null}
    </Group>
  );
}
