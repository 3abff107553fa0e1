import { SIM_LEVELS } from './levels';
import { renderMarkdown } from './markdown';
import type { SimMessage, SvcStore } from './store';

/**
 * Uploaded files. A message refers to an upload by linking `/user_uploads/<path_id>` in its content; an
 * upload is "detached" once no message links it any more (edit history aside), and then only its owner
 * may still see or delete it.
 */

export interface SimAttachment {
  readonly id: number;
  readonly ownerId: number;
  readonly name: string;
  /** `<realm id>/<2 hex>/<random>/<file name>`, as the server makes them. */
  readonly pathId: string;
  /** Bytes. */
  readonly size: number;
  /** UTC milliseconds. */
  readonly createTime: number;
}

/** The server's answer for an attachment that does not exist or is someone else's. */
export const INVALID_ATTACHMENT = 'Invalid attachment';

const UPLOAD_LINK = /\/user_uploads\/([^\s)"'<>\]]+)/g;

/** The upload path IDs a message's raw content links to. */
export function uploadPathIds(content: string): Set<string> {
  return new Set([...content.matchAll(UPLOAD_LINK)].map((m) => m[1]!));
}

/** Markdown link syntax for an upload, as clients insert it after uploading. */
export function uploadLink(attachment: Pick<SimAttachment, 'name' | 'pathId'>): string {
  return `[${attachment.name}](/user_uploads/${attachment.pathId})`;
}

/** Renders message content: the shared Markdown subset plus `[name](/user_uploads/…)` links. */
export function renderMessageContent(content: string): string {
  return renderMarkdown(content).replace(
    /\[([^\]<>]+)\]\((\/user_uploads\/[^\s)"'<>]+)\)/g,
    (_all, name: string, href: string) => `<a href="${href}">${name}</a>`,
  );
}

export function addAttachment(store: SvcStore, input: Omit<SimAttachment, 'id'>): SimAttachment {
  const attachment: SimAttachment = { id: store.nextAttachmentId++, ...input };
  store.attachments.set(attachment.id, attachment);
  return attachment;
}

/** Messages whose current content links the upload, oldest first. */
export function messagesLinking(store: SvcStore, pathId: string): SimMessage[] {
  const needle = `/user_uploads/${pathId}`;
  return [...store.messages.values()].filter((m) => m.content.includes(needle) && uploadPathIds(m.content).has(pathId));
}

/**
 * An attachment as the API shows it (`detached_uploads`, `GET /attachments`). Times are UNIX milliseconds until
 * level 443 and seconds from it; the linking messages are `messages` (`{id, date_sent}`) until level 472 and
 * just their IDs, `message_ids`, from it.
 */
export function formatAttachment(store: SvcStore, attachment: SimAttachment): Record<string, unknown> {
  const level = store.featureLevel;
  const inSeconds = level >= SIM_LEVELS.attachmentTimesInSeconds;
  const linking = messagesLinking(store, attachment.pathId);
  return {
    id: attachment.id,
    name: attachment.name,
    path_id: attachment.pathId,
    size: attachment.size,
    create_time: inSeconds ? Math.floor(attachment.createTime / 1000) : attachment.createTime,
    ...(level >= SIM_LEVELS.attachmentMessageIds
      ? { message_ids: linking.map((m) => m.id) }
      : { messages: linking.map((m) => ({ id: m.id, date_sent: inSeconds ? m.timestamp : m.timestamp * 1000 })) }),
  };
}

/**
 * After `ownerId` changed a message's content from `before` to its current content: their uploads the old
 * content linked and that no message links any more.
 */
export function detachedUploads(store: SvcStore, ownerId: number, before: string, after: string): SimAttachment[] {
  const still = uploadPathIds(after);
  const removed = [...uploadPathIds(before)].filter((p) => !still.has(p));
  if (removed.length === 0) return [];
  return [...store.attachments.values()].filter(
    (a) => a.ownerId === ownerId && removed.includes(a.pathId) && messagesLinking(store, a.pathId).length === 0,
  );
}
