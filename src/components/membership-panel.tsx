import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface MembershipCandidate {
  /** The member's ID (a user's or a group's), as a string. */
  value: string;
  label: string;
}

export interface MembershipPanelProps {
  /** The picker's label: "Add members". */
  label: string;
  placeholder: string;
  /** Who can be added: everyone not already in. */
  candidates: MembershipCandidate[];
  /** The adding button: "Add", "Subscribe". */
  submitLabel: string;
  /** Adds the chosen IDs; `done` clears the choice once the server took it (a refusal keeps it). */
  onAdd: (ids: number[], done: () => void) => void;
  pending: boolean;
  /** False when this user may not add (the picker and button are then disabled). */
  allowed?: boolean;
  /** Under the picker: why adding is not allowed, or a hint. */
  description?: string | null;
  nothingFoundMessage?: string;
  /** How many matches the picker lists at once (long lists of people). */
  limit?: number;
  /** Below the picker, inside the form (e.g. what is not offered and why). */
  children?: ReactNode;
}

/** Adding members to a group, subgroups to a group or subscribers to a channel: pick several, then add them. */
export function MembershipPanel({
  label,
  placeholder,
  candidates,
  submitLabel,
  onAdd,
  pending,
  allowed = true,
  description,
  nothingFoundMessage,
  limit,
  children,
}: MembershipPanelProps) {
  const [adding, setAdding] = useState<string[]>([]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (adding.length === 0) return;
        onAdd(adding.map(Number), () => setAdding([]));
      }}
    >
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <MultiSelect
            label={label}
            placeholder={placeholder}
            data={candidates}
            value={adding}
            onChange={setAdding}
            searchable
            limit={limit}
            clearable
            nothingFoundMessage={nothingFoundMessage}
            disabled={!allowed}
            description={description}
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={!allowed || adding.length === 0} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
        {children}
      </Stack>
    </form>
  );
}
