import type { User } from '../../shared/svc/records';
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
