import type { z } from 'zod';
import { paramLabel } from '../labels/params';
import type { SvcOperation } from './catalog';

export type ParamCheck = { ok: true; data: Record<string, unknown> } | { ok: false; msg: string; field?: string };

/** Validates decoded parameters with the operation's schema; the message names the field it is about. */
export function checkParams(op: SvcOperation, values: Record<string, unknown>): ParamCheck {
  const parsed = op.params.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data as Record<string, unknown> };
  return { ok: false, ...describeIssue(parsed.error.issues[0]) };
}

export function describeIssue(issue: z.core.$ZodIssue | undefined): { msg: string; field?: string } {
  if (!issue) return { msg: 'Invalid parameters' };
  const field = issue.path.length ? issue.path.map(String).join('.') : undefined;
  if (issue.code === 'unrecognized_keys') {
    // Inside an object parameter (a deactivation's `actions`), the parameter is the field a form shows it on.
    return { msg: `Unsupported parameter: ${issue.keys.join(', ')}`, field: field ?? issue.keys[0] };
  }
  if (!field || issue.message.includes(field.split('.')[0]!)) return { msg: issue.message, field };
  return { msg: `${field}: ${issue.message}`, field };
}

/**
 * The first parameter in `params` that a server at `level` does not take yet (the operation's `paramLevels`),
 * with the sentence to show on its field; null when the server takes them all.
 */
export function newerParam(
  op: Pick<SvcOperation, 'paramLevels'>,
  params: Readonly<Record<string, unknown>>,
  level: number,
): { field: string; msg: string } | null {
  for (const [name, need] of Object.entries(op.paramLevels ?? {})) {
    if (params[name] === undefined || level >= need) continue;
    return {
      field: name,
      msg: `${paramLabel(name)} needs a newer chat server: feature level ${need}, this one is at ${level}.`,
    };
  }
  return null;
}
