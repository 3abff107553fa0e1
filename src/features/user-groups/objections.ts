import { z } from 'zod';
import { ApiError } from '../../client/api-error';

/** Where the server says a group is still used, when it refuses to deactivate it (level 298). */
const objectionSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('subgroup'), supergroup_ids: z.array(z.number()) }),
  z.looseObject({ type: z.literal('channel'), channel_id: z.number(), settings: z.array(z.string()) }),
  z.looseObject({ type: z.literal('user_group'), group_id: z.number(), settings: z.array(z.string()) }),
  z.looseObject({ type: z.literal('realm'), settings: z.array(z.string()) }),
]);
export type Objection = z.infer<typeof objectionSchema>;

/** The objections of a refusal, or none (older servers only say the group is in use). */
export function objectionsOf(error: unknown): Objection[] {
  if (!(error instanceof ApiError) || error.code !== 'CANNOT_DEACTIVATE_GROUP_IN_USE') return [];
  const parsed = z.array(z.unknown()).safeParse(error.envelope.objections);
  if (!parsed.success) return [];
  return parsed.data.flatMap((raw) => {
    const one = objectionSchema.safeParse(raw);
    return one.success ? [one.data] : [];
  });
}

/** One objection in words: "Subgroup of leadership", "#general: can_send_message_group". */
export function describeObjection(
  objection: Objection,
  names: { group: (id: number) => string; channel: (id: number) => string },
): string {
  switch (objection.type) {
    case 'subgroup':
      return `Subgroup of ${objection.supergroup_ids.map(names.group).join(', ')}`;
    case 'channel':
      return `Channel ${names.channel(objection.channel_id)}: ${objection.settings.join(', ')}`;
    case 'user_group':
      return `Group ${names.group(objection.group_id)}: ${objection.settings.join(', ')}`;
    case 'realm':
      return `Organization settings: ${objection.settings.join(', ')}`;
  }
}
