import { createContext, use } from 'react';

export const ScrollingContext = createContext(false);

/**
 * Whether the table around this cell is being scrolled right now (until a moment after it stops). A cell
 * can hold back costly content that is not needed to find a row, such as pictures, while rows fly past.
 * Outside a table it is always false.
 */
export function useDataTableScrolling(): boolean {
  return use(ScrollingContext);
}
