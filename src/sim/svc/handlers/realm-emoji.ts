import { UNICODE_EMOJI } from '../emoji';
import { badRequest, SvcError } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { holdsRealmPermission } from '../channel-access';
import type { SimUser, SvcStore } from '../store';
import { text } from '../param-spec';

/**
 * Custom emoji (GET /realm/emoji, POST and DELETE /realm/emoji/{name}), with the server's order of checks
 * and its messages. An upload keeps its image (served at its `source_url`); every change sends the whole set
 * in one `realm_emoji` event. Deactivation keeps the emoji, marked `deactivated`.
 */

/** The server's MAX_EMOJI_FILE_SIZE_MIB. */
const MAX_FILE_MIB = 5;
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

interface StoredImage {
  type: string;
  bytes: Uint8Array;
}

// Kept beside the store: only these endpoints and the image route read uploaded images.
const images = new WeakMap<SvcStore, Map<string, StoredImage>>();

function imagesOf(store: SvcStore): Map<string, StoredImage> {
  let map = images.get(store);
  if (!map) images.set(store, (map = new Map()));
  return map;
}

/** An uploaded emoji image by its file name (`{id}.{ext}`), or a drawn placeholder for seeded emoji. */
export function emojiImage(store: SvcStore, file: string): StoredImage | null {
  const id = /^(\d+)\.\w+$/.exec(file)?.[1];
  if (id === undefined || !store.realmEmoji.has(id)) return null;
  const uploaded = imagesOf(store).get(id);
  if (uploaded) return uploaded;
  const name = store.realmEmoji.get(id)!.name;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#6492fe"/>` +
    `<text x="32" y="40" font-size="24" text-anchor="middle" fill="#fff">${name.slice(0, 2)}</text></svg>`;
  return { type: 'image/svg+xml', bytes: new TextEncoder().encode(svg) };
}

function sourceUrl(store: SvcStore, id: string): string {
  const ext = IMAGE_TYPES[imagesOf(store).get(id)?.type ?? ''] ?? 'png';
  return `/user_avatars/${store.realm.id}/emoji/images/${id}.${ext}`;
}

export function listEmoji(store: SvcStore): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const e of store.realmEmoji.values()) {
    out[e.id] = {
      id: e.id,
      name: e.name,
      source_url: sourceUrl(store, e.id),
      deactivated: e.deactivated,
      author_id: e.authorId,
      still_url: null,
    };
  }
  return out;
}

function announce(store: SvcStore): void {
  store.emit({ type: 'realm_emoji', op: 'update', realm_emoji: listEmoji(store) });
}

function checkName(name: string): void {
  if (!name) throw badRequest('Emoji name is missing');
  if (/^[0-9a-z_-]+(?<![_-])$/.test(name)) return;
  if (/^[0-9a-z_-]+$/.test(name)) throw badRequest('Emoji names must end with either a letter or digit.');
  throw badRequest('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.');
}

const activeNamed = (store: SvcStore, name: string) =>
  [...store.realmEmoji.values()].find((e) => e.name === name && !e.deactivated);

const isAdmin = (me: SimUser) => me.role === 100 || me.role === 200;

export const realmEmojiHandlers: readonly RegisteredHandler[] = [
  userHandler(endpoint({ method: 'GET', path: '/realm/emoji', params: {} }), ({ core }) => ({
    emoji: listEmoji(core.store),
  })),

  userHandler(
    endpoint({ method: 'POST', path: '/realm/emoji/{emoji_name}', params: { emoji_name: text() } }),
    ({ core, me, params, request }) => {
      const { store } = core;
      if (me.role === 600) throw badRequest('Not allowed for guest users');
      const name = params.emoji_name.trim().replaceAll(' ', '_');
      checkName(name);
      if (!holdsRealmPermission(store, me, 'can_add_custom_emoji_group')) throw badRequest('Insufficient permission');
      if (activeNamed(store, name)) throw badRequest('A custom emoji with this name already exists.');
      const files = request.files ?? [];
      if (files.length !== 1) throw badRequest('You must upload exactly one file.');
      if (UNICODE_EMOJI.has(name) && !isAdmin(me)) throw badRequest('Only administrators can override default emoji.');
      const file = files[0]!;
      if (file.size > MAX_FILE_MIB * 1024 * 1024) {
        throw badRequest(`Uploaded file is larger than the allowed limit of ${MAX_FILE_MIB} MiB`);
      }
      if (!(file.type in IMAGE_TYPES)) throw new SvcError('BAD_IMAGE', 'Invalid image format', 400);
      const id = String([...store.realmEmoji.keys()].reduce((max, k) => Math.max(max, Number(k)), 0) + 1);
      // The image is read before the emoji is listed, so a listed emoji always has its image.
      return file.arrayBuffer().then((buffer) => {
        imagesOf(store).set(id, { type: file.type, bytes: new Uint8Array(buffer) });
        store.realmEmoji.set(id, { id, name, deactivated: false, authorId: me.user_id });
        announce(store);
        return {};
      });
    },
  ),

  userHandler(
    endpoint({ method: 'DELETE', path: '/realm/emoji/{emoji_name}', params: { emoji_name: text() } }),
    ({ core, me, params }) => {
      const { store } = core;
      const emoji = activeNamed(store, params.emoji_name);
      if (!emoji) throw new SvcError('BAD_REQUEST', `Emoji '${params.emoji_name}' does not exist`, 404);
      if (!isAdmin(me) && emoji.authorId !== me.user_id) {
        throw badRequest('Must be an organization administrator or emoji author');
      }
      emoji.deactivated = true;
      announce(store);
      return {};
    },
  ),
];
