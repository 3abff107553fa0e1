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
      if (d.status !== undefined && !PUSH_DEVICE_STATUSES.includes(d.status)) {
        throw new RangeError(`Unknown push device status: ${d.status}`);
      }
    }
    state.devices = change.devices.map((d) => ({ ...d }));
  }
}

/** No devices, a working relay, no APNs tokens. */
export function resetPushState(store: SvcStore): void {
  states.set(store, initial());
}

/** The user's devices that can receive a notification now. */
export function activeDevicesOf(store: SvcStore, userId: number): SimPushDevice[] {
  return pushStateOf(store).devices.filter(
    (d) => (d.user_id === undefined || d.user_id === userId) && (d.status ?? 'active') === 'active',
  );
}
