import { z } from 'zod';
import type { GroupName } from '../../shared/bff/protocol';
import type { SvcEventBase } from '../../shared/events/svc-events';

/** What the BFF keeps of a `realm_user_groups` entry: who the group is, not who is in it. */
const registerGroupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  is_system_group: z.boolean().optional(),
  deactivated: z.boolean().optional(),
});

function nameOf(group: z.infer<typeof registerGroupSchema>): GroupName {
  return {
    id: group.id,
    name: group.name,
    is_system_group: group.is_system_group ?? false,
    deactivated: group.deactivated ?? false,
  };
}

/** The groups' names from a register response's `realm_user_groups`; null when it sent none. Odd entries are left out. */
export function groupNamesFromRegister(raw: unknown): GroupName[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((entry: unknown) => {
    const parsed = registerGroupSchema.safeParse(entry);
    return parsed.success ? [nameOf(parsed.data)] : [];
  });
}

const groupEventSchema = z.discriminatedUnion('op', [
  z.looseObject({ type: z.literal('user_group'), op: z.literal('add'), group: registerGroupSchema }),
  z.looseObject({
    type: z.literal('user_group'),
    op: z.literal('update'),
    group_id: z.number().int(),
    data: z.looseObject({ name: z.string().optional(), deactivated: z.boolean().optional() }),
  }),
  z.looseObject({ type: z.literal('user_group'), op: z.literal('remove'), group_id: z.number().int() }),
]);

/**
 * The names after a `user_group` event: a new (or reactivated) group is added, a renamed one renamed, a
 * deactivated one (`remove` for clients that hide deactivated groups) kept and marked, so a setting that still
 * names it reads as such. Null when the event changes no name (members, subgroups, permissions).
 */
export function applyGroupNameEvent(names: readonly GroupName[], event: SvcEventBase): GroupName[] | null {
  const parsed = groupEventSchema.safeParse(event);
  if (!parsed.success) return null;
  const e = parsed.data;
  const patch = (id: number, change: Partial<GroupName>) =>
    names.some((g) => g.id === id) ? names.map((g) => (g.id === id ? { ...g, ...change } : g)) : null;
  if (e.op === 'add') {
    const added = { ...nameOf(e.group), deactivated: false };
    return [...names.filter((g) => g.id !== added.id), added].sort((a, b) => a.id - b.id);
  }
  if (e.op === 'remove') return patch(e.group_id, { deactivated: true });
  const change: Partial<GroupName> = {};
  if (e.data.name !== undefined) change.name = e.data.name;
  if (e.data.deactivated !== undefined) change.deactivated = e.data.deactivated;
  return Object.keys(change).length > 0 ? patch(e.group_id, change) : null;
}
