import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { memo } from 'react';
import type { BulkActionKind } from '../../../shared/bff/bulk';
import { formatCount, formatUserCount } from '../format';

/** Shown to administrators above the users table: the selection and the bulk actions on it. */
export const BulkBar = memo(function BulkBar({
  selected,
  matching,
  allMatchingSelected,
  onSelectAll,
  onClear,
  onAction,
}: {
  selected: number;
  matching: number;
  allMatchingSelected: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (kind: BulkActionKind) => void;
}) {
  const none = selected === 0;
  return (
    <Paper withBorder p="xs" component="section" aria-label="Bulk actions">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" fw={500} aria-live="polite">
            {none ? 'No users selected' : `${formatUserCount(selected)} selected`}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onSelectAll}
            disabled={matching === 0 || allMatchingSelected}
          >
            Select all {formatCount(matching)} matching
          </Button>
          {!none ? (
            <Button variant="subtle" size="compact-sm" onClick={onClear}>
              Clear selection
            </Button>
          ) : null}
        </Group>
        {/* On a phone the four disabled actions took a screen's third before anyone was selected. */}
        <Box visibleFrom={none ? 'sm' : undefined}>
          <BulkActions none={none} onAction={onAction} />
        </Box>
      </Group>
    </Paper>
  );
});

/** The actions: they change with "any selected or not", not with each count, so they skip most renders. */
const BulkActions = memo(function BulkActions({
  none,
  onAction,
}: {
  none: boolean;
  onAction: (kind: BulkActionKind) => void;
}) {
  return (
    <Group gap="xs">
      <Button size="compact-sm" color="red" variant="light" disabled={none} onClick={() => onAction('deactivate')}>
        Deactivate…
      </Button>
      <Button size="compact-sm" variant="light" disabled={none} onClick={() => onAction('change_role')}>
        Change role…
      </Button>
      <Button size="compact-sm" variant="light" disabled={none} onClick={() => onAction('add_channels')}>
        Add to channels…
      </Button>
      <Button size="compact-sm" variant="light" disabled={none} onClick={() => onAction('remove_channels')}>
        Remove from channels…
      </Button>
    </Group>
  );
});
