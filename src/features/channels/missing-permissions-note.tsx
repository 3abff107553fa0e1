import { Text } from '@mantine/core';
import type { Channel } from '../../shared/svc/channels';
import { missingPermissionsNote } from './channel-settings-form';

/** The panel's one note on the permissions this server lacks (nothing when it has them all). */
export function MissingPermissionsNote({ level, channel }: { level: number; channel: Channel }) {
  const note = missingPermissionsNote(level, channel);
  if (!note) return null;
  return (
    <Text size="sm" c="dimmed" role="note">
      {note}
    </Text>
  );
}
