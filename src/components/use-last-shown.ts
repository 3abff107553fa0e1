import { useState } from 'react';

/**
 * What a panel showed while it was open, kept while it closes: a drawer whose record leaves the URL slides away
 * for a moment, and in that moment it showed "No such user" (its id already gone). While `showing`, the value
 * itself; after, the last value it had. Pass values with a stable identity (ids, records from a query).
 */
export function useLastShown<T>(value: T, showing: boolean): T {
  const [kept, setKept] = useState(value);
  if (showing && !Object.is(kept, value)) setKept(value);
  return showing ? value : kept;
}
