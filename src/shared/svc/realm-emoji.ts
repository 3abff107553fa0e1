import { z } from 'zod';

/** Custom emoji (GET /realm/emoji, `realm_emoji` events), keyed by the emoji's id. */
export const realmEmojiSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  source_url: z.string(),
  deactivated: z.boolean(),
  author_id: z.number().int().nullable().optional(),
  still_url: z.string().nullable().optional(),
});
export type RealmEmoji = z.infer<typeof realmEmojiSchema>;

export const realmEmojiEventSchema = z.looseObject({
  type: z.literal('realm_emoji'),
  op: z.literal('update'),
  realm_emoji: z.record(z.string(), realmEmojiSchema),
});

/** The image types the console uploads, and the largest file it sends (the BFF's body limit leaves room). */
export const EMOJI_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/webp'] as const;
export const EMOJI_MAX_BYTES = 512 * 1024;

const DATA_URL = /^data:(image\/(?:png|gif|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The image as the console carries it to the BFF: a base64 `data:` URL of one of the accepted types. */
export const emojiImageSchema = z
  .string()
  .regex(DATA_URL, 'Choose a PNG, GIF, JPEG or WebP image.')
  .refine((s) => Math.floor(((s.length - s.indexOf(',') - 1) * 3) / 4) <= EMOJI_MAX_BYTES, {
    message: `The console uploads emoji images up to ${EMOJI_MAX_BYTES / 1024} KB.`,
  });

/** The bytes and type of a data URL accepted by `emojiImageSchema`. */
export function decodeEmojiImage(dataUrl: string): { type: string; bytes: Uint8Array } | null {
  const m = DATA_URL.exec(dataUrl);
  if (!m) return null;
  const binary = atob(m[2]!);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { type: m[1]!, bytes };
}

/** The server's rule for names, checked in the form before sending (the server checks again). */
export function emojiNameProblem(raw: string): string | null {
  const name = raw.trim().replaceAll(' ', '_');
  if (name === '') return 'Emoji name is missing';
  if (/^[0-9a-z_-]+(?<![_-])$/.test(name)) return null;
  if (/^[0-9a-z_-]+$/.test(name)) return 'Emoji names must end with either a letter or digit.';
  return 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.';
}
