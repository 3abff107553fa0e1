/**
 * The emoji the status picker offers, with the chat server's own names and codes: the server refuses a name
 * that is not one of its names for that code ("Invalid emoji name."), so each row was read from a real server
 * (its name-to-codepoint table), not from a generic emoji library whose short names differ. Group, name,
 * dash-separated hex code points, and extra words to find it by.
 */
const ROWS: readonly (readonly [group: string, name: string, code: string, keywords: string])[] = [
  ['Status', 'calendar', '1f4c5', 'meeting busy'],
  ['Status', 'bus', '1f68c', 'commute travel'],
  ['Status', 'sick', '1f912', 'ill unwell'],
  ['Status', 'hurt', '1f915', 'injured'],
  ['Status', 'palm_tree', '1f334', 'vacation holiday'],
  ['Status', 'house', '1f3e0', 'home remote'],
  ['Status', 'working_on_it', '1f6e0', 'busy tools'],
  ['Status', 'office', '1f3e2', 'work'],
  ['Status', 'laptop', '1f4bb', 'computer work'],
  ['Status', 'headphones', '1f3a7', 'focus music'],
  ['Status', 'zzz', '1f4a4', 'sleep away'],
  ['Status', 'sleeping', '1f634', 'away night'],
  ['Status', 'no_entry', '26d4', 'busy do not disturb'],
  ['Status', 'hourglass', '23f3', 'wait later'],
  ['Status', 'stopwatch', '23f1', 'timer'],
  ['Status', 'alarm_clock', '23f0', 'time'],
  ['Status', 'luggage', '1f9f3', 'travel trip'],
  ['Status', 'airplane', '2708', 'travel flight'],
  ['Status', 'train', '1f682', 'commute travel'],
  ['Status', 'car', '1f697', 'commute drive'],
  ['Status', 'bike', '1f6b2', 'commute cycle'],
  ['Status', 'walking', '1f6b6', 'walk away'],
  ['Status', 'hospital', '1f3e5', 'sick doctor'],
  ['Status', 'thermometer', '1f321', 'sick fever'],
  ['Status', 'mask', '1f637', 'sick ill'],
  ['Status', 'coffee', '2615', 'break cafe'],
  ['Status', 'tea', '1f375', 'break'],
  ['Status', 'food', '1f372', 'lunch meal'],
  ['Status', 'pizza', '1f355', 'lunch food'],
  ['Status', 'sandwich', '1f96a', 'lunch'],
  ['Status', 'beach_umbrella', '26f1', 'vacation holiday'],
  ['Status', 'mountain', '26f0', 'vacation hiking'],
  ['Status', 'ski', '1f3bf', 'vacation holiday'],
  ['Status', 'tent', '26fa', 'camping'],
  ['Status', 'graduate', '1f393', 'school study'],
  ['Status', 'school', '1f3eb', 'study'],
  ['Status', 'books', '1f4da', 'reading study'],
  ['Status', 'phone', '260e', 'call telephone'],
  ['Status', 'video_camera', '1f4f9', 'call video'],
  ['Status', 'microphone', '1f3a4', 'talk presenting'],
  ['Mood', 'smile', '1f642', 'happy'],
  ['Mood', 'grinning', '1f600', 'happy'],
  ['Mood', 'joy', '1f602', 'laugh'],
  ['Mood', 'wink', '1f609', ''],
  ['Mood', 'thinking', '1f914', 'hmm'],
  ['Mood', 'tada', '1f389', 'party celebrate'],
  ['Mood', 'birthday', '1f382', 'party cake'],
  ['Mood', 'thumbs_up', '1f44d', 'ok +1'],
  ['Mood', 'ok', '1f44c', 'fine'],
  ['Mood', 'clap', '1f44f', 'applause'],
  ['Mood', 'wave', '1f44b', 'hello bye'],
  ['Mood', 'muscle', '1f4aa', 'strong'],
  ['Mood', 'heart', '2764', 'love'],
  ['Mood', 'fire', '1f525', 'hot'],
  ['Mood', 'rocket', '1f680', 'launch ship'],
  ['Mood', 'eyes', '1f440', 'look watching'],
  ['Signs', 'check', '2705', 'done yes'],
  ['Signs', 'cross_mark', '274c', 'no'],
  ['Signs', 'warning', '26a0', 'alert'],
  ['Signs', 'red_circle', '1f534', 'busy'],
  ['Signs', 'green_circle', '1f7e2', 'available'],
  ['Signs', 'bulb', '1f4a1', 'idea'],
  ['Signs', 'memo', '1f4dd', 'note writing'],
  ['Signs', 'pencil', '270f', 'writing'],
  ['Signs', 'construction', '1f3d7', 'work in progress'],
  ['Signs', 'speech_bubble', '1f5e8', 'chat'],
  ['Signs', 'umbrella', '2602', 'rain'],
  ['Signs', 'snowflake', '2744', 'cold snow'],
  ['Signs', 'cloud', '2601', 'weather'],
  ['Signs', 'sunny', '2600', 'sun weather'],
  ['Signs', 'rainbow', '1f308', ''],
  ['Signs', 'octopus', '1f419', 'zulip'],
];

export interface UnicodeEmojiOption {
  group: string;
  name: string;
  code: string;
  keywords: string;
}

export const COMMON_EMOJI: readonly UnicodeEmojiOption[] = ROWS.map(([group, name, code, keywords]) => ({
  group,
  name,
  code,
  keywords,
}));

/** The glyph of dash-separated hex code points; null for a code that is not one. */
export function glyphOf(code: string): string | null {
  const points = code.split('-').map((hex) => (/^[0-9a-f]{1,6}$/i.test(hex) ? Number.parseInt(hex, 16) : NaN));
  if (points.some((p) => !Number.isInteger(p) || p > 0x10ffff)) return null;
  return String.fromCodePoint(...points);
}

/** Common statuses, one click each (the chat app offers the same ones). */
export const STATUS_PRESETS: readonly { text: string; emoji: string }[] = [
  { text: 'In a meeting', emoji: 'calendar' },
  { text: 'Commuting', emoji: 'bus' },
  { text: 'Out sick', emoji: 'sick' },
  { text: 'Vacationing', emoji: 'palm_tree' },
  { text: 'Working remotely', emoji: 'house' },
];
