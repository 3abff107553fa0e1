import type { ReactionType } from '../../shared/svc';

/**
 * A small slice of the server's emoji data: enough unicode emoji for realistic statuses, plus the realm's
 * custom emoji and the one extra emoji. Names map to dash-separated hex codepoints as a real server maps them
 * (read from one: e.g. `smile` is 1f642 there, `date` is 1f4c6, not the calendar); some codes have several
 * names (aliases), as on the real server.
 */
const UNICODE_EMOJI_TABLE = {
  calendar: '1f4c5',
  bus: '1f68c',
  sick: '1f912',
  hurt: '1f915',
  palm_tree: '1f334',
  house: '1f3e0',
  working_on_it: '1f6e0',
  office: '1f3e2',
  laptop: '1f4bb',
  headphones: '1f3a7',
  zzz: '1f4a4',
  sleeping: '1f634',
  no_entry: '26d4',
  hourglass: '23f3',
  stopwatch: '23f1',
  alarm_clock: '23f0',
  luggage: '1f9f3',
  airplane: '2708',
  train: '1f682',
  car: '1f697',
  bike: '1f6b2',
  walking: '1f6b6',
  hospital: '1f3e5',
  thermometer: '1f321',
  mask: '1f637',
  coffee: '2615',
  tea: '1f375',
  food: '1f372',
  pizza: '1f355',
  sandwich: '1f96a',
  beach_umbrella: '26f1',
  mountain: '26f0',
  ski: '1f3bf',
  tent: '26fa',
  graduate: '1f393',
  school: '1f3eb',
  books: '1f4da',
  phone: '260e',
  video_camera: '1f4f9',
  microphone: '1f3a4',
  smile: '1f642',
  grinning: '1f600',
  joy: '1f602',
  wink: '1f609',
  thinking: '1f914',
  tada: '1f389',
  test_tube: '1f9ea',
  birthday: '1f382',
  thumbs_up: '1f44d',
  ok: '1f44c',
  clap: '1f44f',
  wave: '1f44b',
  muscle: '1f4aa',
  heart: '2764',
  fire: '1f525',
  rocket: '1f680',
  eyes: '1f440',
  check: '2705',
  cross_mark: '274c',
  warning: '26a0',
  red_circle: '1f534',
  green_circle: '1f7e2',
  bulb: '1f4a1',
  memo: '1f4dd',
  pencil: '270f',
  construction: '1f3d7',
  speech_bubble: '1f5e8',
  umbrella: '2602',
  snowflake: '2744',
  cloud: '2601',
  sunny: '2600',
  rainbow: '1f308',
  octopus: '1f419',
  '+1': '1f44d',
  spiral_calendar: '1f5d3',
  smiley: '1f603',
};

/** A Map, not a plain object, so that names like `constructor` do not find prototype members. */
export const UNICODE_EMOJI: ReadonlyMap<string, string> = new Map(Object.entries(UNICODE_EMOJI_TABLE));
const UNICODE_CODES: ReadonlySet<string> = new Set(UNICODE_EMOJI.values());

/** The server's one extra emoji: its code is its name. */
export const EXTRA_EMOJI_NAME = 'zulip';

export interface RealmEmoji {
  id: string;
  name: string;
  deactivated: boolean;
  authorId: number | null;
}

export interface EmojiChoice {
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

export class EmojiError extends Error {}

/**
 * Resolves a status emoji the way the server does: when the client sends only a name the server looks the
 * name up (active custom emoji first, then the extra emoji, then unicode); when it sends a code and a type
 * the triple is checked for consistency.
 */
export function resolveStatusEmoji(
  realmEmoji: ReadonlyMap<string, RealmEmoji>,
  name: string,
  code: string | undefined,
  type: ReactionType | undefined,
): EmojiChoice {
  if (code === undefined || type === undefined) return lookupByName(realmEmoji, name);
  checkTriple(realmEmoji, name, code, type);
  return { emoji_name: name, emoji_code: code, reaction_type: type };
}

/** An emoji by name, as the server looks it up: active custom emoji first, then the extra emoji, then unicode. */
export function emojiByName(realmEmoji: ReadonlyMap<string, RealmEmoji>, name: string): EmojiChoice {
  return lookupByName(realmEmoji, name);
}

/**
 * Whether a new reaction's (name, code, type) is valid (the server's `check_emoji_request`): any type but the
 * three the server knows is refused.
 */
export function checkEmojiRequest(
  realmEmoji: ReadonlyMap<string, RealmEmoji>,
  name: string,
  code: string,
  type: string,
): ReactionType {
  if (type !== 'realm_emoji' && type !== 'zulip_extra_emoji' && type !== 'unicode_emoji')
    throw new EmojiError('Invalid emoji type.');
  checkTriple(realmEmoji, name, code, type);
  return type;
}

function lookupByName(realmEmoji: ReadonlyMap<string, RealmEmoji>, name: string): EmojiChoice {
  for (const emoji of realmEmoji.values()) {
    if (emoji.name === name && !emoji.deactivated) {
      return { emoji_name: name, emoji_code: emoji.id, reaction_type: 'realm_emoji' };
    }
  }
  if (name === EXTRA_EMOJI_NAME) return { emoji_name: name, emoji_code: name, reaction_type: 'zulip_extra_emoji' };
  const code = UNICODE_EMOJI.get(name);
  if (code !== undefined) return { emoji_name: name, emoji_code: code, reaction_type: 'unicode_emoji' };
  throw new EmojiError(`Emoji '${name}' does not exist`);
}

function checkTriple(realmEmoji: ReadonlyMap<string, RealmEmoji>, name: string, code: string, type: ReactionType) {
  switch (type) {
    case 'realm_emoji': {
      const emoji = realmEmoji.get(code);
      if (!emoji) throw new EmojiError('Invalid custom emoji.');
      if (emoji.name !== name) throw new EmojiError('Invalid custom emoji name.');
      if (emoji.deactivated) throw new EmojiError('This custom emoji has been deactivated.');
      return;
    }
    case 'zulip_extra_emoji':
      if (code !== EXTRA_EMOJI_NAME) throw new EmojiError('Invalid emoji code.');
      if (name !== code) throw new EmojiError('Invalid emoji name.');
      return;
    case 'unicode_emoji':
      if (!UNICODE_CODES.has(code)) throw new EmojiError('Invalid emoji code.');
      if (UNICODE_EMOJI.get(name) !== code) throw new EmojiError('Invalid emoji name.');
      return;
  }
}
