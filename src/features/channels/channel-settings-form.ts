import {
  CHANNEL_PERMISSION_LEVELS,
  CHANNEL_PERMISSION_SETTINGS,
  CHANNEL_SETTINGS_LEVELS,
  channelLevelGate,
  type Channel,
  type ChannelPermissionSetting,
} from '../../shared/svc/channels';
import { CHANNEL_PERMISSION_LABELS } from '../../shared/labels';
import { sameGroupSetting, type GroupSettingValue } from '../../shared/svc/group-settings';
import type { UpdateChannelParams } from './api/update-channel';

/** Who can see a channel and what its new subscribers read, as one choice. */
export type PrivacyChoice = 'public' | 'private-shared' | 'private-protected' | 'web-public';

export const PRIVACY_LABELS: Readonly<Record<PrivacyChoice, string>> = {
  public: 'Public: everyone in the organization except guests can find and join it',
  'private-shared': 'Private, shared history: subscribers only; new subscribers read the whole history',
  'private-protected': 'Private, protected history: subscribers only; new subscribers read only what follows',
  'web-public': 'Web-public: anyone on the internet can read it without an account',
};

export function privacyOf(channel: Pick<Channel, 'invite_only' | 'is_web_public' | 'history_public_to_subscribers'>) {
  if (channel.is_web_public) return 'web-public' as const;
  if (!channel.invite_only) return 'public' as const;
  return channel.history_public_to_subscribers === false ? ('private-protected' as const) : ('private-shared' as const);
}

type PrivacyParams = Pick<UpdateChannelParams, 'is_private' | 'is_web_public' | 'history_public_to_subscribers'>;

/** The parameters that set a privacy choice, whatever the channel had before. */
export function privacyParams(choice: PrivacyChoice): PrivacyParams {
  switch (choice) {
    case 'public':
      return { is_private: false, is_web_public: false };
    case 'web-public':
      return { is_private: false, is_web_public: true };
    case 'private-shared':
      return { is_private: true, history_public_to_subscribers: true };
    case 'private-protected':
      return { is_private: true, history_public_to_subscribers: false };
  }
}

export interface NameDescriptionValues {
  name: string;
  description: string;
}

export interface NameDescriptionLimits {
  maxNameLength: number | null;
  maxDescriptionLength: number | null;
}

/** Code points, as the server counts lengths. */
const length = (text: string) => [...text].length;

export function checkNameDescription(
  values: NameDescriptionValues,
  limits: NameDescriptionLimits,
): Partial<Record<keyof NameDescriptionValues, string>> {
  const errors: Partial<Record<keyof NameDescriptionValues, string>> = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Enter a channel name.';
  else if (limits.maxNameLength !== null && length(name) > limits.maxNameLength) {
    errors.name = `At most ${limits.maxNameLength} characters (this has ${length(name)}).`;
  }
  if (limits.maxDescriptionLength !== null && length(values.description) > limits.maxDescriptionLength) {
    errors.description = `At most ${limits.maxDescriptionLength} characters (this has ${length(values.description)}).`;
  }
  return errors;
}

/** Only what differs from the channel is sent (the server refuses a "rename" to the same name). */
export function nameDescriptionParams(
  channel: Pick<Channel, 'stream_id' | 'name' | 'description'>,
  values: NameDescriptionValues,
): UpdateChannelParams | null {
  const name = values.name.trim();
  const params: UpdateChannelParams = { stream_id: channel.stream_id };
  if (name !== channel.name) params.new_name = name;
  if (values.description !== channel.description) params.description = values.description;
  return Object.keys(params).length > 1 ? params : null;
}

/** The server keeps a description on one line: what it will store. */
export const asStoredDescription = (text: string) => text.replace(/\r?\n/g, ' ');

/** Why a permission cannot be changed on this server, or null. */
export function permissionGate(level: number, name: ChannelPermissionSetting, channel: Channel): string | null {
  const gate = channelLevelGate(level, CHANNEL_PERMISSION_LEVELS[name]);
  if (gate) return gate;
  return channel[name] === undefined ? 'This server does not report this setting for the channel.' : null;
}

/**
 * One note for a panel about every permission the channel's record does not carry: those that came with a
 * later server, each with its level, and those this server does not report. Said once per panel, not under
 * each permission; null when the record carries them all.
 */
export function missingPermissionsNote(level: number, channel: Channel): string | null {
  const missing = CHANNEL_PERMISSION_SETTINGS.filter((name) => channel[name] === undefined);
  if (missing.length === 0) return null;
  const newer = missing.filter((name) => level < CHANNEL_PERMISSION_LEVELS[name]);
  const unreported = missing.filter((name) => !newer.includes(name));
  const parts: string[] = [];
  if (newer.length > 0) {
    const list = newer.map((name) => `${CHANNEL_PERMISSION_LABELS[name]} (level ${CHANNEL_PERMISSION_LEVELS[name]})`);
    parts.push(
      `Needs a newer chat server (this one is at feature level ${level}): ${list.join(', ')}. Until then the server's own rules apply.`,
    );
  }
  if (unreported.length > 0) {
    parts.push(`Not reported by this server: ${unreported.map((name) => CHANNEL_PERMISSION_LABELS[name]).join(', ')}.`);
  }
  return parts.join(' ');
}

export type PermissionValues = Partial<Record<ChannelPermissionSetting, GroupSettingValue>>;

/**
 * Each permission the user changed, as `{new, old}`: `old` is what the form was loaded with, so a change
 * made meanwhile by someone else is refused rather than overwritten.
 */
export function permissionParams(
  streamId: number,
  loaded: PermissionValues,
  values: PermissionValues,
): UpdateChannelParams | null {
  const params: UpdateChannelParams = { stream_id: streamId };
  let changed = false;
  for (const name of CHANNEL_PERMISSION_SETTINGS) {
    const next = values[name];
    const old = loaded[name];
    if (next === undefined || old === undefined || sameGroupSetting(next, old)) continue;
    params[name] = { new: next, old };
    changed = true;
  }
  return changed ? params : null;
}

/** Unarchiving exists from level 388; archiving (DELETE) on every level. */
export const unarchiveGate = (level: number) => channelLevelGate(level, CHANNEL_SETTINGS_LEVELS.unarchive);
export const folderGate = (level: number) => channelLevelGate(level, CHANNEL_SETTINGS_LEVELS.folders);
