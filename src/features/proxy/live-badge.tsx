import { Badge } from '@mantine/core';
import type { LiveVerdict } from './live-verdict';

/** A time as people read it: the clock time today, the date and time otherwise. */
export function clockTime(date: Date, now: Date = new Date()): string {
  return date.toDateString() === now.toDateString() ? date.toLocaleTimeString() : date.toLocaleString();
}

/** "Seen by the drift detector since 10:04:12", "Not checked yet since 10:03:40", or null when nothing is known. */
export function seenText(verdict: LiveVerdict): string | null {
  const since = verdict.since ? clockTime(verdict.since) : null;
  if (verdict.kind === 'in-sync') {
    return since ? `Read from the proxy's configuration at ${since}.` : null;
  }
  if (verdict.seenBy === null) return since ? `Since ${since}.` : null;
  return since ? `Seen by the ${verdict.seenBy} since ${since}.` : `Seen by the ${verdict.seenBy}.`;
}

/** The verdict's badge, the same in the list, the details and the traffic page; when and by whom in its title. */
export function VerdictBadge({ verdict }: { verdict: LiveVerdict }) {
  const seen = seenText(verdict);
  return (
    <Badge color={verdict.color} variant="light" title={[seen, verdict.explanation].filter(Boolean).join(' ')}>
      {verdict.label}
    </Badge>
  );
}
