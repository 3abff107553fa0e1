import { Group, Select, TextInput } from '@mantine/core';
import { memo } from 'react';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { LabelledChoice } from '../../components/labelled-choice';
import { STATUS_FILTERS, type StatusFilter } from './use-topics-search';

const STATUS_LABELS: Readonly<Record<StatusFilter, string>> = {
  unresolved: 'Unresolved',
  resolved: 'Resolved',
  all: 'All',
};

const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }));

interface TopicFiltersProps {
  q: string;
  channelFilter: number | null;
  status: StatusFilter;
  channelOptions: readonly { value: string; label: string }[];
  onQuery: (value: string) => void;
  onChannelFilter: (id: number | null) => void;
  onStatus: (value: StatusFilter) => void;
}

/**
 * The triage list's search, channel and status filters. Memoized (with stable handlers from the page), so
 * opening or closing a topic, which renders the page again, leaves them alone.
 */
export const TopicFilters = memo(function TopicFilters({
  q,
  channelFilter,
  status,
  channelOptions,
  onQuery,
  onChannelFilter,
  onStatus,
}: TopicFiltersProps) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        label="Search topics"
        placeholder="Topic name"
        value={q}
        onChange={(e) => onQuery(e.currentTarget.value)}
        w={240}
      />
      <CollapsibleFilters active={(channelFilter === null ? 0 : 1) + (status === 'unresolved' ? 0 : 1)}>
        <Select
          label="Channel"
          placeholder="All channels"
          data={channelOptions}
          value={channelFilter === null ? null : String(channelFilter)}
          onChange={(value) => onChannelFilter(value === null ? null : Number(value))}
          clearable
          searchable
          w={220}
        />
        <LabelledChoice<StatusFilter> label="Status" data={STATUS_OPTIONS} value={status} onChange={onStatus} />
      </CollapsibleFilters>
    </Group>
  );
});
