import { Badge, Tooltip } from '@mantine/core';
import { useLiveStatus } from '../client/live-status';

const LOOK = {
  connecting: { color: 'gray', label: 'Connecting…', help: 'Opening the live update stream.' },
  live: { color: 'teal', label: 'Live', help: 'Changes made anywhere appear here within a second.' },
  reconnecting: { color: 'yellow', label: 'Reconnecting…', help: 'Live updates are paused; reconnecting.' },
  offline: { color: 'red', label: 'Offline', help: 'Live updates are off. Pages may be out of date.' },
} as const;

/** Header badge: is what this page shows kept current? */
export function LiveIndicator() {
  const status = useLiveStatus();
  const look = LOOK[status.state];
  return (
    <Tooltip label={status.detail ?? look.help} multiline w={260}>
      <Badge
        role="status"
        aria-live="polite"
        aria-label={`Live updates: ${look.label}`}
        variant="dot"
        color={look.color}
        size="lg"
        tt="none"
        data-live-state={status.state}
      >
        {look.label}
      </Badge>
    </Tooltip>
  );
}
