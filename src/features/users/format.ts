import type { User, UserStatus } from '../../shared/svc/records';
import { countOf, formatCount } from '../../client/count-of';

// Formatters are costly to build; one each, reused for every row.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

export { formatCount };

/** "1 user", "1,234 users" (grouping by the reader's locale). */
export function formatUserCount(n: number): string {
  return countOf(n, 'user', 'users');
}

/** The real address when the server shows it to us, else the API address. */
export function displayEmail(user: Pick<User, 'delivery_email' | 'email'>): string {
  return user.delivery_email ?? user.email;
}

/** A unicode emoji from its dash-separated hex code points; null for custom emoji or bad codes. */
export function emojiGlyph(status: Pick<UserStatus, 'emoji_code' | 'reaction_type'>): string | null {
  if (status.reaction_type !== 'unicode_emoji' || !status.emoji_code) return null;
  const points = status.emoji_code.split('-').map((hex) => Number.parseInt(hex, 16));
  if (points.some((p) => !Number.isInteger(p) || p < 0 || p > 0x10ffff)) return null;
  return String.fromCodePoint(...points);
}

/** The status as one line of text, e.g. "🏖 On vacation"; null when nothing is set. */
export function statusLine(status: UserStatus | undefined): string | null {
  if (!status) return null;
  const glyph = emojiGlyph(status) ?? (status.emoji_name ? `:${status.emoji_name}:` : null);
  const parts = [glyph, status.status_text || null].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(' ') : null;
}
