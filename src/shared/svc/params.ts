import type { z } from 'zod';
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
    return { msg: `Unsupported parameter: ${issue.keys.join(', ')}`, field: issue.keys[0] };
  }
  if (!field || issue.message.includes(field.split('.')[0]!)) return { msg: issue.message, field };
  return { msg: `${field}: ${issue.message}`, field };
}
