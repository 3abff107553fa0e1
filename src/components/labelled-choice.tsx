import { Input, SegmentedControl, Stack, type SegmentedControlItem } from '@mantine/core';
import { useId } from 'react';

interface LabelledChoiceProps<T extends string> {
  /** The visible label, which also names the radio group for assistive technology. */
  label: string;
  data: readonly (T | SegmentedControlItem<T>)[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * A SegmentedControl with a label above it, like the inputs beside it in a filter bar. Mantine's control has no
 * label of its own; this one names its radio group by the label.
 */
export function LabelledChoice<T extends string>({ label, data, value, onChange }: LabelledChoiceProps<T>) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Input.Label labelElement="div" id={id}>
        {label}
      </Input.Label>
      <SegmentedControl<T> aria-labelledby={id} data={[...data]} value={value} onChange={onChange} />
    </Stack>
  );
}
