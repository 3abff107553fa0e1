import { createHash } from 'node:crypto';
import { decodeEmojiImage } from '../shared/svc/realm-emoji';

/**
 * What of a request's parameters the audit keeps: everything, whole (lists of any length, strings of any
 * length: the request's own limits bound them), except credentials and message bodies. Those are named by field
 * below, so that nothing else is dropped for looking like one (a select field's option `text` is a setting).
 */

/**
 * Message bodies, by where they sit in an operation's parameters (`[]`: every item of a list): a message sent or
 * edited, a saved snippet, drafts, and the reply an outgoing-webhook bot posts. Their length is kept.
 */
export const MESSAGE_CONTENT_FIELDS: ReadonlySet<string> = new Set([
  'content',
  'drafts[].content',
  'draft.content',
  'reply.content',
]);

/** Files (a custom emoji's image, as a `data:` URL): kept as type, size and digest, which identify the upload. */
export const FILE_FIELDS: ReadonlySet<string> = new Set(['file']);

/**
 * Words that make a parameter a credential wherever it sits, whatever the area (a new user's `password`, a
 * webhook bot's `token`, a device's push `token`, an `api_key`/`apiKey`). Matched as whole words of the name, so
 * `passive` or `tokenizer_mode` are not taken for one.
 */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'pass',
  'secret',
  'token',
  'tokens',
  'authorization',
  'cookie',
  'cookies',
  'credential',
  'credentials',
  'otp',
  'apikey',
]);
/** Two words that together name a credential (`api_key`, `apiKey`, `private_key`). */
const SECRET_PAIRS: readonly (readonly [string, string])[] = [
  ['api', 'key'],
  ['private', 'key'],
];

/** Nesting kept; deeper (no catalogued parameter is) is replaced by a marker saying so, never dropped silently. */
const MAX_DEPTH = 32;
export const TOO_DEEP_MARKER = `[not kept: nested deeper than ${MAX_DEPTH} levels]`;

function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a parameter's name says it is a credential (see SECRET_WORDS). */
export function isSecretField(name: string): boolean {
  const words = wordsOf(name);
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  return words.some((w, i) => SECRET_PAIRS.some(([a, b]) => w === a && words[i + 1] === b));
}

function describeFile(value: unknown): unknown {
  if (typeof value !== 'string') return '[redacted]';
  const image = decodeEmojiImage(value);
  if (!image) return `[file: ${value.length} characters]`;
  const sha256 = createHash('sha256').update(image.bytes).digest('hex');
  return { type: image.type, bytes: image.bytes.length, sha256 };
}

function redactValue(path: string, key: string, value: unknown, depth: number): unknown {
  if (key && isSecretField(key)) return '[redacted]';
  if (MESSAGE_CONTENT_FIELDS.has(path)) {
    return typeof value === 'string' ? `[redacted: ${value.length} characters]` : '[redacted]';
  }
  if (FILE_FIELDS.has(path)) return describeFile(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP_MARKER;
  if (Array.isArray(value)) return value.map((v) => redactValue(`${path}[]`, '', v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactValue(path ? `${path}.${k}` : k, k, v, depth + 1);
  return out;
}

/**
 * Parameters as they may be kept: credentials become `[redacted]`, message bodies `[redacted: N characters]`, a
 * file its type, size and SHA-256; everything else (ids, names, lists of any length, settings, a select field's
 * options, a deactivation's notification comment) is kept whole.
 */
export function redactParams(params: Record<string, unknown>): Record<string, unknown> {
  return redactValue('', '', params, 0) as Record<string, unknown>;
}
