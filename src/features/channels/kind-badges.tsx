import { Badge, Group } from '@mantine/core';
import type { ChannelKind } from '../../shared/svc/channels';

const COLORS: Readonly<Record<ChannelKind, string>> = {
  public: 'blue',
  private: 'grape',
  'web-public': 'teal',
  archived: 'gray',
};
const LABELS: Readonly<Record<ChannelKind, string>> = {
  public: 'Public',
  private: 'Private',
  'web-public': 'Web-public',
  archived: 'Archived',
};

export function KindBadges({ kinds }: { kinds: readonly ChannelKind[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {kinds.map((kind) => (
        <Badge key={kind} variant="light" color={COLORS[kind]} size="sm">
          {LABELS[kind]}
        </Badge>
      ))}
    </Group>
  );
}
