import type { z } from 'zod';
import { svcOpList, type SvcOperation } from '../../shared/svc/catalog';
import type { SvcSimulator } from '../../sim/svc';

/** Browser-exposed catalogued operations (what `/bff/svc/*` forwards). */
export const browserOps: readonly SvcOperation[] = svcOpList.filter((o) => o.exposure === 'browser');

/** Values tried, in order, for a field no table entry names; the first one its schema accepts is used. */
const GENERIC: unknown[] = [
  1,
  'x',
  true,
  [],
  {},
  'admin@demo.test',
  'newest',
  [1],
  ['x'],
  0,
  'stream',
  'change_all',
  'add',
  'read',
  'https://example.com/{id}',
  // A code playground's URL template (the table's `url_template` is a linkifier's).
  'https://play.example.com/?code={code}',
];

/** Field values that make sense against the demo realm (existing IDs), by field name. */
function known(sim: SvcSimulator): Record<string, unknown> {
  const channel = sim.store.channels.find((c) => !c.inviteOnly) ?? sim.store.channels[0]!;
  const message = [...sim.store.messages.values()].find((m) => m.streamId === channel.stream_id);
  return {
    user_id: 10,
    user_id_or_email: 'admin@demo.test',
    email: 'admin@demo.test',
    stream_id: channel.stream_id,
    message_id: message?.id ?? 1,
    topic_name: message?.topic ?? 'x',
    user_group_id: sim.store.userGroups[0]?.id ?? 1,
    filter_id: 1,
    draft_id: 1,
    saved_snippet_id: 1,
    attachment_id: 1,
    device_id: 1,
    name: 'hardening sample',
    pattern: '#(?P<id>[0-9]+)',
    url_template: 'https://example.com/{id}',
    subscriptions: JSON.parse(`[{"name":"${channel.name}"}]`) as unknown,
    drafts: [{ type: 'stream', to: [channel.stream_id], topic: 'x', content: 'x', timestamp: 1_700_000_000 }],
    draft: { type: 'stream', to: [channel.stream_id], topic: 'x', content: 'x', timestamp: 1_700_000_000 },
    to: channel.stream_id,
    type: 'stream',
    topic: 'hardening',
    content: 'hello',
    title: 'x',
    subscription_data: [{ stream_id: channel.stream_id, property: 'pin_to_top', value: true }],
    ordered_linkifier_ids: [],
    token: 'abc',
    appid: 'org.example.app',
    msg_ids: [message?.id ?? 1],
    narrow: [],
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    op: 'add',
    flag: 'read',
    status_text: 'x',
    members: [],
    invitee_emails: 'hardening@example.com',
    stream_ids: [],
    invite_id: 1,
    field_id: 1,
    field_type: 1,
    order: [],
    emoji_name: 'hardening_sample',
    // A 1×1 PNG.
    file: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    full_name: 'Hardening Sample',
    export_id: 1,
    playground_id: 1,
    pygments_language: 'Python',
    password: 'long-enough-1',
    target_users: { user_ids: [10], skip_if_already_edited: true },
  };
}

function accepts(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/**
 * Valid parameters for an operation: path parameters and required fields filled (known values first, then
 * generic ones); if the whole object still fails (a cross-field rule), optional fields are added one by one.
 * Null when nothing found passes the operation's schema.
 */
export function sampleParams(op: SvcOperation, sim: SvcSimulator): Record<string, unknown> | null {
  const shape = op.params.shape as Record<string, z.ZodType>;
  const table = known(sim);
  const pick = (name: string, field: z.ZodType) =>
    [table[name], ...GENERIC].find((v) => v !== undefined && accepts(field, v));
  const params: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (accepts(field, undefined)) continue;
    const value = pick(name, field);
    if (value === undefined) return null;
    params[name] = value;
  }
  if (op.params.safeParse(params).success) return params;
  for (const [name, field] of Object.entries(shape)) {
    if (name in params) continue;
    const value = pick(name, field);
    if (value === undefined) continue;
    params[name] = value;
    if (op.params.safeParse(params).success) return params;
  }
  return null;
}
