import { useState } from 'react';

export interface FollowingDraft<T> {
  draft: T;
  setDraft: (next: T) => void;
  /** What the edits started from (the server's values when editing began). */
  loaded: T;
  /** Back to the server's current values. */
  startOver: () => void;
  /** After a successful save: the saved values are the new starting point. */
  settle: () => void;
}

/**
 * Follows the server's values while untouched; once edited, keeps the user's edits (also through a failed
 * save, or another admin's change arriving) until they save or start over.
 */
export function useFollowingDraft<T>(current: T): FollowingDraft<T> {
  const key = JSON.stringify(current);
  const [seen, setSeen] = useState(key);
  const [loaded, setLoaded] = useState(current);
  const [draft, setDraft] = useState(current);
  const dirty = JSON.stringify(draft) !== JSON.stringify(loaded);
  if (key !== seen) {
    setSeen(key);
    if (!dirty) {
      setLoaded(current);
      setDraft(current);
    }
  }
  return {
    draft,
    setDraft,
    loaded,
    startOver: () => {
      setLoaded(current);
      setDraft(current);
    },
    settle: () => setLoaded(draft),
  };
}
