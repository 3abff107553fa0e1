import type { SvcStore } from './store';

/**
 * Mobile push state of the simulated server: the devices registered for end-to-end encrypted
 * notifications, how the push relay (bouncer) answers, and the legacy APNs tokens. Kept beside the store
 * (one state per store) rather than in it.
 */

export const PUSH_DEVICE_STATUSES = ['active', 'pending', 'failed'] as const;
export type PushDeviceStatus = (typeof PUSH_DEVICE_STATUSES)[number];

export const BOUNCER_MODES = ['ok', 'admin-action-required', 'unreachable', 'bouncer-5xx'] as const;
export type BouncerMode = (typeof BOUNCER_MODES)[number];

export interface SimPushDevice {
  push_account_id: number;
  /**
   * The device's ID, what level 468 names devices by (`device_id`, the register state's `devices`). Optional when
   * setting devices: a device without one gets the lowest ID not taken.
   */
  device_id?: number;
  /** Whose device; absent means every user's (handy for tests that do not care who signs in). */
  user_id?: number;
  /** Default `active`; only active devices receive notifications. */
  status?: PushDeviceStatus;
}

export interface ApnsToken {
  userId: number;
  token: string;
  appid: string;
}

export interface PushState {
  devices: SimPushDevice[];
  bouncer: BouncerMode;
  apnsTokens: ApnsToken[];
}

export interface PushStateChange {
  devices?: readonly SimPushDevice[];
  bouncer?: BouncerMode;
}

const states = new WeakMap<SvcStore, PushState>();

function initial(): PushState {
  return { devices: [], bouncer: 'ok', apnsTokens: [] };
}

export function pushStateOf(store: SvcStore): PushState {
  let state = states.get(store);
  if (!state) {
    state = initial();
    states.set(store, state);
  }
  return state;
}

/** Replaces what the change carries; the other parts stay. */
export function setPushState(store: SvcStore, change: PushStateChange): void {
  const state = pushStateOf(store);
  if (change.bouncer !== undefined) {
    if (!BOUNCER_MODES.includes(change.bouncer)) throw new RangeError(`Unknown bouncer mode: ${change.bouncer}`);
    state.bouncer = change.bouncer;
  }
  if (change.devices !== undefined) {
    for (const d of change.devices) {
      if (!Number.isInteger(d.push_account_id) || d.push_account_id <= 0) {
        throw new RangeError('push_account_id must be a positive integer');
      }
      if (d.device_id !== undefined && (!Number.isInteger(d.device_id) || d.device_id <= 0)) {
        throw new RangeError('device_id must be a positive integer');
      }
      if (d.status !== undefined && !PUSH_DEVICE_STATUSES.includes(d.status)) {
        throw new RangeError(`Unknown push device status: ${d.status}`);
      }
    }
    state.devices = withDeviceIds(change.devices);
  }
}

/** Copies of the devices, each with a device ID: the one given, or the lowest free one. IDs are unique. */
function withDeviceIds(devices: readonly SimPushDevice[]): SimPushDevice[] {
  const taken = new Set<number>();
  for (const d of devices) {
    if (d.device_id === undefined) continue;
    if (taken.has(d.device_id)) throw new RangeError(`Duplicate device_id: ${d.device_id}`);
    taken.add(d.device_id);
  }
  let next = 1;
  return devices.map((d) => {
    if (d.device_id !== undefined) return { ...d };
    while (taken.has(next)) next++;
    taken.add(next);
    return { ...d, device_id: next };
  });
}

/** No devices, a working relay, no APNs tokens. */
export function resetPushState(store: SvcStore): void {
  states.set(store, initial());
}

/** The user's registered devices, whatever their state. */
export function devicesOf(store: SvcStore, userId: number): SimPushDevice[] {
  return pushStateOf(store).devices.filter((d) => d.user_id === undefined || d.user_id === userId);
}

/** The user's devices that can receive a notification now. */
export function activeDevicesOf(store: SvcStore, userId: number): SimPushDevice[] {
  return devicesOf(store, userId).filter((d) => (d.status ?? 'active') === 'active');
}

/**
 * The register state's `devices` (level 468): the user's devices keyed by device ID. Plausible values for what
 * the simulator does not model: the push key is the device's push account ID, the token's ID is derived from
 * it, and a failed registration reports the relay's refusal.
 */
export function devicesState(store: SvcStore, userId: number): Record<string, Record<string, unknown>> {
  const state: Record<string, Record<string, unknown>> = {};
  for (const d of devicesOf(store, userId)) {
    const status = d.status ?? 'active';
    const tokenId = `sim-token-${d.push_account_id}`;
    state[String(d.device_id)] = {
      push_key_id: d.push_account_id,
      push_token_id: status === 'active' ? tokenId : null,
      pending_push_token_id: status === 'pending' ? tokenId : null,
      push_token_last_updated_timestamp: status === 'active' ? Math.floor(store.now() / 1000) : null,
      push_registration_error_code: status === 'failed' ? 'INVALID_BOUNCER_PUBLIC_KEY' : null,
    };
  }
  return state;
}
