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
    // Never wider than the screen: on a phone a long set of choices scrolls sideways inside its own box.
    <Stack gap={2} maw="100%">
      <Input.Label labelElement="div" id={id}>
        {label}
      </Input.Label>
      <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
        <SegmentedControl<T> aria-labelledby={id} data={[...data]} value={value} onChange={onChange} />
      </div>
    </Stack>
  );
}
