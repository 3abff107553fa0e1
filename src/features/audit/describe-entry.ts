import type { AuditTarget } from '../../shared/bff/audit';
import { recordTypeLabel } from '../../shared/labels';

/** `User Mia Member #42`, `Topic lunch`, `—`. */
export function describeTarget(target: AuditTarget | null): string {
  if (!target) return '—';
  const parts: string[] = [recordTypeLabel(target.type)];
  if (target.name) parts.push(target.name);
  if (target.id && target.id !== target.name) parts.push(`#${target.id}`);
  return parts.join(' ');
}
