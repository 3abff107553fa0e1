import {
  CHANNEL_CREATE_PERMISSION_SETTINGS,
  type ChannelCreatePermissionSetting,
  type MessageRetentionParam,
  type TopicsPolicy,
} from '../../shared/svc/channels';
import type { GroupSettingValue } from '../../shared/svc/group-settings';
import type { CreateChannelParams, SubscribeParams } from './api/create-channel';
import { topicStartersProblem } from './channel-level-rules';

export type Privacy = 'public' | 'private' | 'web-public';
export type RetentionChoice = 'realm_default' | 'unlimited' | 'days';

export interface ChannelFormValues {
  name: string;
  description: string;
  /** User IDs as text (select values). */
  subscribers: string[];
  announce: boolean;
  privacy: Privacy;
  isDefault: boolean;
  folderId: string | null;
  topicsPolicy: TopicsPolicy;
  historyPublic: boolean;
  retention: RetentionChoice;
  retentionDays: number | string;
  /** Permissions the creator sets; absent ones take the server's defaults. */
  permissions: Partial<Record<ChannelCreatePermissionSetting, GroupSettingValue>>;
}

export function initialChannelForm(myUserId: number | null): ChannelFormValues {
  return {
    name: '',
    description: '',
    subscribers: myUserId === null ? [] : [String(myUserId)],
    announce: false,
    privacy: 'public',
    isDefault: false,
    folderId: null,
    topicsPolicy: 'inherit',
    historyPublic: true,
    retention: 'realm_default',
    retentionDays: 30,
    permissions: {},
  };
}

export interface ChannelFormLimits {
  maxNameLength: number | null;
  maxDescriptionLength: number | null;
}

/** Code points, as the server counts lengths. */
const length = (text: string) => [...text].length;

/** The form field of who may start new topics (its errors are keyed so). */
export const TOPIC_STARTERS_FIELD = 'permissions.can_create_topic_group';

type ChannelFormField = 'name' | 'description' | 'retentionDays' | typeof TOPIC_STARTERS_FIELD;

/**
 * The form's own checks (the server checks again, in its words). `everyoneId` is the `role:everyone` group's
 * ID, for the level-441 rule on private channels with protected history (null while groups load).
 */
export function checkChannelForm(
  values: ChannelFormValues,
  limits: ChannelFormLimits,
  everyoneId: number | null = null,
): Partial<Record<ChannelFormField, string>> {
  const errors: Partial<Record<ChannelFormField, string>> = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Enter a channel name.';
  else if (limits.maxNameLength !== null && length(name) > limits.maxNameLength) {
    errors.name = `At most ${limits.maxNameLength} characters (this has ${length(name)}).`;
  }
  if (limits.maxDescriptionLength !== null && length(values.description) > limits.maxDescriptionLength) {
    errors.description = `At most ${limits.maxDescriptionLength} characters (this has ${length(values.description)}).`;
  }
  if (values.retention === 'days') {
    const days = Number(values.retentionDays);
    if (!Number.isInteger(days) || days < 1) errors.retentionDays = 'Enter a whole number of days, 1 or more.';
  }
  const privateProtected = values.privacy === 'private' && !values.historyPublic;
  const topicStarters = topicStartersProblem(privateProtected, values.permissions.can_create_topic_group, everyoneId);
  if (topicStarters) errors[TOPIC_STARTERS_FIELD] = topicStarters;
  return errors;
}

function retentionParam(values: ChannelFormValues): MessageRetentionParam | undefined {
  if (values.retention === 'days') return Number(values.retentionDays);
  // The organization's default is what the server does anyway; leaving it out works on every level.
  return values.retention === 'unlimited' ? 'unlimited' : undefined;
}

/** Public channels always share their history with new subscribers. */
function historyParam(values: ChannelFormValues): boolean | undefined {
  return values.privacy === 'private' ? values.historyPublic : undefined;
}

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** `POST /channels/create` parameters; only what the user chose is sent. */
export function toCreateParams(values: ChannelFormValues): CreateChannelParams {
  const permissions: Partial<Record<ChannelCreatePermissionSetting, GroupSettingValue>> = {};
  for (const name of CHANNEL_CREATE_PERMISSION_SETTINGS) {
    const value = values.permissions[name];
    if (value !== undefined) permissions[name] = value;
  }
  return {
    name: values.name.trim(),
    ...optional('description', values.description.trim() || undefined),
    subscribers: values.subscribers.map(Number),
    ...optional('announce', values.announce || undefined),
    ...optional('invite_only', values.privacy === 'private' || undefined),
    ...optional('is_web_public', values.privacy === 'web-public' || undefined),
    ...optional('is_default_stream', values.isDefault || undefined),
    ...optional('folder_id', values.folderId === null ? undefined : Number(values.folderId)),
    ...optional('topics_policy', values.topicsPolicy === 'inherit' ? undefined : values.topicsPolicy),
    ...optional('history_public_to_subscribers', historyParam(values)),
    ...optional('message_retention_days', retentionParam(values)),
    ...permissions,
  };
}

/** The older way (before level 417): subscribe people to a channel name that does not exist yet. */
export function toLegacySubscribeParams(values: ChannelFormValues): SubscribeParams {
  const description = values.description.trim();
  return {
    subscriptions: [{ name: values.name.trim(), ...(description ? { description } : {}) }],
    principals: values.subscribers.map(Number),
    ...optional('announce', values.announce || undefined),
    ...optional('invite_only', values.privacy === 'private' || undefined),
    ...optional('is_web_public', values.privacy === 'web-public' || undefined),
    ...optional('is_default_stream', values.isDefault || undefined),
    ...optional('history_public_to_subscribers', historyParam(values)),
    ...optional('message_retention_days', retentionParam(values)),
  };
}
