import type { CertRecord } from '../../shared/proxy';

const DAY_MS = 86_400_000;
/** How far ahead of a certificate's expiry the console starts warning. */
export const EXPIRY_WARNING_DAYS = 21;

export interface Expiry {
  label: string;
  color: 'teal' | 'orange' | 'red' | 'gray';
}

/** A certificate's expiry in words, warning ahead of it; `now` is passed so tests need no clock. */
export function expiryOf(cert: CertRecord, now: number): Expiry {
  if (!cert.expiresAt) return { label: cert.status === 'pending' ? 'Not issued yet' : 'Unknown', color: 'gray' };
  const days = Math.floor((cert.expiresAt.getTime() - now) / DAY_MS);
  if (days < 0) return { label: `Expired ${-days} days ago`, color: 'red' };
  if (days <= EXPIRY_WARNING_DAYS) {
    const renew = cert.autoRenew ? '' : ', no auto-renew';
    return { label: `Expires in ${days} day${days === 1 ? '' : 's'}${renew}`, color: days <= 7 ? 'red' : 'orange' };
  }
  return { label: `Valid for ${days} days`, color: 'teal' };
}

const STATUS_COLORS: Record<string, 'teal' | 'orange' | 'red' | 'gray'> = {
  valid: 'teal',
  active: 'teal',
  issued: 'teal',
  pending: 'orange',
  renewing: 'orange',
  expired: 'red',
  error: 'red',
  failed: 'red',
};

export function statusColor(status: string | null | undefined): 'teal' | 'orange' | 'red' | 'gray' {
  return STATUS_COLORS[(status ?? '').toLowerCase()] ?? 'gray';
}
