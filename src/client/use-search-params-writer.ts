import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type SearchParamChanges = Readonly<Record<string, string | null | undefined>>;

/**
 * Pages keep their filters and selection in the URL; this writes several parameters at once. `null` or
 * `undefined` removes a parameter, and so does the empty string unless `keepEmpty` (where an empty value
 * means something, like the topic without a name). `replace` keeps typing out of the history.
 */
export function useSearchParamsWriter(options: { keepEmpty?: boolean } = {}) {
  const [, setParams] = useSearchParams();
  const keepEmpty = options.keepEmpty ?? false;
  return useCallback(
    (changes: SearchParamChanges, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || (value === '' && !keepEmpty)) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams, keepEmpty],
  );
}
