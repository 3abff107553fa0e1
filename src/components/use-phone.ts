import { useMediaQuery } from '@mantine/hooks';

/** The width below which pages lay out for a phone (Mantine's `sm` breakpoint, 48em). */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** Whether the screen is phone-sized: a table then shows fewer columns and keeps its main action in view. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
