import type { AuditTarget } from '../../shared/bff/audit';

/** `user 42 · Mia Member`, `topic lunch`, `—`. */
export function describeTarget(target: AuditTarget | null): string {
  if (!target) return '—';
  const parts: string[] = [target.type];
  if (target.name) parts.push(target.name);
  if (target.id && target.id !== target.name) parts.push(`#${target.id}`);
  return parts.join(' ');
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The redacted parameters on one line: `deactivation_notification_comment: "Bye", user_id: 4`. */
export function describeParams(params: Record<string, unknown>): string {
  const entries = Object.entries(params);
  if (entries.length === 0) return '';
  return entries.map(([key, value]) => `${key}: ${short(value)}`).join(', ');
}
