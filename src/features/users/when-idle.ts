/**
 * Runs `task` when the browser is idle (soon after at the latest), for work that can wait but is better
 * done before it is needed. Returns the cancel function, so it fits a `useEffect` cleanup.
 */
export function whenIdle(task: () => void, timeoutMs = 1_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}
