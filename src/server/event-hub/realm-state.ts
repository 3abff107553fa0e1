import { realmEventSchema, type SvcEventBase } from '../../shared/events/svc-events';
import { groupSettingValueSchema } from '../../shared/svc/group-settings';

/** A realm setting as the SPA may read it: a scalar or a group-setting value. */
export type RealmValue = boolean | number | string | null | { direct_members: number[]; direct_subgroups: number[] };

function realmValue(value: unknown): RealmValue | undefined {
  if (value === null || ['boolean', 'number', 'string'].includes(typeof value)) return value as RealmValue;
  const setting = groupSettingValueSchema.safeParse(value);
  return setting.success ? setting.data : undefined;
}

/**
 * The organization's settings from a register response: `realm_*` and `server_*` fields that are scalars
 * or group-setting values (lists such as `realm_users` are left out: they have their own endpoints).
 */
export function realmStateFromRegister(r: Readonly<Record<string, unknown>>): Record<string, RealmValue> {
  const state: Record<string, RealmValue> = {};
  for (const [name, raw] of Object.entries(r)) {
    if (!name.startsWith('realm_') && !name.startsWith('server_')) continue;
    const value = realmValue(raw);
    if (value !== undefined) state[name] = value;
  }
  return state;
}

/**
 * The state after a `realm` event: `update` carries one property, `update_dict` several (both named
 * without the `realm_` prefix the register response uses). Returns null when nothing changed.
 */
export function applyRealmEvent(
  state: Readonly<Record<string, RealmValue>>,
  event: SvcEventBase,
): Record<string, RealmValue> | null {
  const parsed = realmEventSchema.safeParse(event);
  if (!parsed.success) return null;
  const changes: Record<string, unknown> =
    parsed.data.op === 'update' && parsed.data.property
      ? { [parsed.data.property]: parsed.data.value }
      : parsed.data.op === 'update_dict'
        ? (parsed.data.data ?? {})
        : {};
  let next: Record<string, RealmValue> | null = null;
  for (const [property, raw] of Object.entries(changes)) {
    const value = realmValue(raw);
    if (value === undefined) continue;
    next ??= { ...state };
    next[`realm_${property}`] = value;
  }
  return next;
}
