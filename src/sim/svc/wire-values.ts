import { badRequest } from './errors';
import {
  boolValue,
  dictOf,
  dictValue,
  intValue,
  listOf,
  oneOfValues,
  strValue,
  valueError,
  type Decoder,
} from './param-spec';

/**
 * Decoders of the composite values the server's endpoints take (group settings, narrows, anchors, message
 * recipients, …), with the server's wording when they are wrong.
 */

/** A group setting: a group ID, or an anonymous group of users and subgroups. */
export type SimGroupSetting = number | { direct_members: number[]; direct_subgroups: number[] };

export const groupSettingValue: Decoder<SimGroupSetting> = (value, path) => {
  if (typeof value === 'number') return intValue(value, path);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return dictOf({ direct_members: listOf(intValue), direct_subgroups: listOf(intValue) })(value, path);
  }
  throw badRequest(`Invalid ${path}`);
};

/** A group setting change on a group: the new value and, optionally, what the client believes is current. */
export const groupSettingUpdate = dictOf({ new: groupSettingValue, old: groupSettingValue }, ['old']);

/** One narrow term: `{operator, operand, negated?}` or the legacy list `[operator, operand]`. */
export interface SimNarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated?: boolean;
}

const operandValue: Decoder<string | number | number[]> = (value, path) => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return intValue(value, path);
  if (Array.isArray(value)) return listOf(intValue)(value, path);
  throw badRequest(`Invalid ${path}: Value error, operand is not a string, integer or list of integers`);
};

export const narrowTerm: Decoder<SimNarrowTerm> = (value, path) => {
  if (Array.isArray(value)) {
    if (value.length !== 2) throw badRequest(`Invalid ${path}`);
    return { operator: strValue(value[0], `${path}[0]`), operand: operandValue(value[1], `${path}[1]`) };
  }
  const dict = dictValue(value, path);
  if (!Object.hasOwn(dict, 'operator')) throw badRequest(`Invalid ${path}: Value error, operator is missing`);
  if (!Object.hasOwn(dict, 'operand')) throw badRequest(`Invalid ${path}: Value error, operand is missing`);
  const term: SimNarrowTerm = {
    operator: strValue(dict.operator, `${path}["operator"]`),
    operand: operandValue(dict.operand, `${path}["operand"]`),
  };
  if (dict.negated !== undefined) term.negated = boolValue(dict.negated, `${path}["negated"]`);
  return term;
};

export const narrowValue = listOf(narrowTerm);

export type SimAnchor = number | 'newest' | 'oldest' | 'first_unread';

/** An anchor: a message ID or one of the three names; the server reads it as text and says "Invalid anchor". */
export const anchorText: Decoder<SimAnchor> = (value, path) => {
  const text = value as string;
  if (text === 'newest' || text === 'oldest' || text === 'first_unread') return text;
  if (/^\d+$/.test(text)) return Number(text);
  throw badRequest(`Invalid ${path}`);
};

/** Users named by ID or by email (never a mix). */
export const principalsValue: Decoder<number[] | string[]> = (value, path) => {
  if (!Array.isArray(value)) throw badRequest(`${path} is not a list`);
  if (value.every((v) => typeof v === 'number')) return listOf(intValue)(value, path);
  return listOf(strValue)(value, `${path}["list[str]"]`);
};

export type SimRetention = number | 'realm_default' | 'unlimited';

export const retentionValue: Decoder<SimRetention> = (value, path) => {
  if (value === 'realm_default' || value === 'unlimited') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw badRequest(`Invalid ${path}`);
};

/** A message's `to`: a channel ID or name, or a list of user IDs or emails. */
export type SimMessageTo = number | string | number[] | string[];

export const messageTo: Decoder<SimMessageTo> = (value, path) => {
  if (typeof value === 'number') return intValue(value, path);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'number')) return listOf(intValue)(value, path);
    return listOf(strValue)(value, path);
  }
  throw badRequest(`Invalid ${path}`);
};

export const subscriptionRequest = dictOf({ name: strValue, description: strValue }, ['description']);

export const subscriptionPropertyChange = dictOf({
  stream_id: intValue,
  property: strValue,
  // Each property's own check (in the handler) refuses a value of the wrong kind.
  value: (v: unknown) => v as boolean | string,
});

export const draftInput = dictOf(
  {
    type: oneOfValues(['', 'stream', 'private']),
    to: listOf(intValue),
    topic: strValue,
    content: strValue,
    timestamp: intValue,
  },
  ['timestamp'],
);
export type SimDraftInput = ReturnType<typeof draftInput>;

/** A custom profile field's new value: text, a number (user or choice fields) or a list of user IDs. */
export const profileDataEntry = dictOf({
  id: intValue,
  value: (v: unknown, path: string) => {
    if (typeof v === 'string' || typeof v === 'number') return v;
    if (Array.isArray(v)) return listOf(intValue)(v, path);
    if (v === null) return null;
    throw badRequest(`Invalid ${path}`);
  },
});

/** `include_subscribers` on register: true, false or `"partial"`. */
export const includeSubscribersValue: Decoder<boolean | 'partial'> = (value, path) => {
  if (value === 'partial') return value;
  return boolValue(value, path);
};

/** A role as the server numbers them; another integer is a value error. */
export const roleValue: Decoder<100 | 200 | 300 | 400 | 600> = (value, path) =>
  oneOfValues([100, 200, 300, 400, 600] as const, valueError)(intValue(value, path), path);

export const reactionTypeValue = oneOfValues(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']);

export const topicsPolicyValue = oneOfValues([
  'inherit',
  'allow_empty_topic',
  'disable_empty_topic',
  'empty_topic_only',
]);

export const messageTypeValue = oneOfValues(['stream', 'channel', 'direct', 'private']);

/**
 * `client_capabilities` on register: a dict of flags. A real server (level 372) requires
 * `notification_settings_null` among them whenever the dict is sent, and lets unknown flags through.
 */
export const capabilitiesValue: Decoder<Record<string, boolean>> = (value, path) => {
  const dict = dictValue(value, path);
  if (!Object.hasOwn(dict, 'notification_settings_null'))
    throw badRequest(`${path}["notification_settings_null"] field is missing: Field required`);
  return Object.fromEntries(Object.entries(dict).map(([name, flag]) => [name, boolValue(flag, `${path}["${name}"]`)]));
};
