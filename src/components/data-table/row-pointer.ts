import type { MouseEvent, PointerEvent } from 'react';
import { useStableCallback } from './stable-callback';

/** Controls inside a row: a press on one of them does its own thing, not the row's. */
const INTERACTIVE =
  'a, button, input, label, select, textarea, [role="button"], [role="checkbox"], [role="switch"], [role="combobox"]';

/** Whether the event comes from a control inside the row it reached (see INTERACTIVE). */
function isInRowControl(event: { target: EventTarget; currentTarget: Element }): boolean {
  const control = event.target instanceof Element ? event.target.closest(INTERACTIVE) : null;
  return control !== null && control !== event.currentTarget && event.currentTarget.contains(control);
}

/** A row's click (select it) and primary-button press (`onPress`), both stable for the memoized rows. */
export function useRowPointer<T>(options: {
  setActiveIndex: (index: number) => void;
  onSelect: ((row: T) => void) | undefined;
  onPress: ((row: T) => void) | undefined;
}) {
  const { setActiveIndex, onSelect, onPress } = options;
  const onRowClick = useStableCallback((event: MouseEvent<HTMLDivElement>, index: number, row: T) => {
    // A click on a control in the row (a switch, a select, a button) is the control's, not the row's.
    if (isInRowControl(event)) return;
    setActiveIndex(index);
    onSelect?.(row);
  });

  const onRowPointerDown = useStableCallback((event: PointerEvent<HTMLDivElement>, row: T) => {
    // A mouse only: on a touch screen a press on a row is as often the start of a scroll as of a tap.
    if (!onPress || event.pointerType !== 'mouse' || event.button !== 0 || isInRowControl(event)) return;
    onPress(row);
  });
  return { onRowClick, onRowPointerDown };
}
