import { sanitizeHtml } from '../../client/sanitize-html';

/** Enough for several screens of messages and their highlighted variants; older entries are dropped first. */
const CACHE_LIMIT = 2_000;

const cache = new Map<string, string>();

/**
 * A message's server HTML made safe to render, cleaned once per distinct HTML: only the rows on screen are
 * rendered, and they render again when their page or position changes, which must not mean cleaning again.
 */
export function messageHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) {
    // Re-inserted, so the Map's insertion order stays least recently used first.
    cache.delete(html);
    cache.set(html, hit);
    return hit;
  }
  const clean = sanitizeHtml(html);
  cache.set(html, clean);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return clean;
}
