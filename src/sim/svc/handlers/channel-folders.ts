import { badRequest } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { bool, int, intList, text } from '../param-spec';
import { renderMarkdown } from '../markdown';
import { SERVER_LIMITS } from '../settings';
import type { SimChannelFolder, SvcStore } from '../store';

/**
 * Channel folders (level 389; reordering 414): create, rename or describe, archive or unarchive, reorder.
 * Administrators only. A real server at level 372 has none of these endpoints, so the wording here is the
 * reference description's where it gives one (`Invalid channel folder ID`, `Invalid order mapping`).
 */

const FOLDER_ORDER_LEVEL = 414;

export const INVALID_FOLDER_ID = 'Invalid channel folder ID';

function folderRecord(store: SvcStore, f: SimChannelFolder): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    rendered_description: renderMarkdown(f.description),
    date_created: f.dateCreated,
    creator_id: f.creatorId,
    is_archived: f.isArchived,
    ...(store.featureLevel >= FOLDER_ORDER_LEVEL ? { order: f.order } : {}),
  };
}

function checkName(store: SvcStore, raw: string, except: number | null): string {
  const name = raw.trim();
  if (name === '') throw badRequest("Channel folder name can't be empty.");
  if ([...name].length > SERVER_LIMITS.max_channel_folder_name_length)
    throw badRequest(
      `Channel folder name too long (limit: ${SERVER_LIMITS.max_channel_folder_name_length} characters).`,
    );
  const taken = store.channelFolders.some((f) => f.id !== except && f.name.toLowerCase() === name.toLowerCase());
  if (taken) throw badRequest(`Channel folder name already in use.`);
  return name;
}

function checkDescription(raw: string): string {
  if ([...raw].length > SERVER_LIMITS.max_channel_folder_description_length)
    throw badRequest(
      `description is too long (limit: ${SERVER_LIMITS.max_channel_folder_description_length} characters)`,
    );
  return raw;
}

export const channelFolderHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'POST',
      path: '/channel_folders/create',
      params: { name: text(), description: text().optional() },
      since: 389,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const name = checkName(store, String(params.name), null);
      const description = typeof params.description === 'string' ? checkDescription(params.description) : '';
      const folder = store.addChannelFolder({
        name,
        description,
        dateCreated: Math.floor(store.now() / 1000),
        creatorId: me.user_id,
        isArchived: false,
      });
      store.emit({ type: 'channel_folder', op: 'add', channel_folder: folderRecord(store, folder) });
      return { channel_folder_id: folder.id };
    },
    { adminBeforeParams: true },
  ),

  userHandler(
    endpoint({
      method: 'PATCH',
      path: '/channel_folders/{channel_folder_id}',
      params: {
        channel_folder_id: int(),
        name: text().optional(),
        description: text().optional(),
        is_archived: bool().optional(),
      },
      since: 389,
    }),
    ({ core, params }) => {
      const { store } = core;
      const folder = store.channelFolder(Number(params.channel_folder_id));
      if (!folder) throw badRequest(INVALID_FOLDER_ID);
      const name = typeof params.name === 'string' ? checkName(store, params.name, folder.id) : undefined;
      const description = typeof params.description === 'string' ? checkDescription(params.description) : undefined;
      const archive = typeof params.is_archived === 'boolean' ? params.is_archived : undefined;
      if (archive === true && store.channels.some((c) => c.folderId === folder.id && !c.isArchived))
        throw badRequest('You need to remove all the channels from this folder to archive it.');
      const data: Record<string, unknown> = {};
      if (name !== undefined) data.name = folder.name = name;
      if (description !== undefined) {
        data.description = folder.description = description;
        data.rendered_description = renderMarkdown(description);
      }
      if (archive !== undefined) data.is_archived = folder.isArchived = archive;
      if (Object.keys(data).length > 0)
        store.emit({ type: 'channel_folder', op: 'update', channel_folder_id: folder.id, data });
      return {};
    },
    { adminBeforeParams: true },
  ),

  userHandler(
    endpoint({ method: 'PATCH', path: '/channel_folders', params: { order: intList() }, since: 414 }),
    ({ core, params }) => {
      const { store } = core;
      const order = Array.isArray(params.order) ? params.order.map(Number) : [];
      const all = store.channelFolders.map((f) => f.id);
      const complete =
        order.length === all.length && new Set(order).size === order.length && order.every((id) => all.includes(id));
      if (!complete) throw badRequest('Invalid order mapping');
      order.forEach((id, index) => {
        store.channelFolder(id)!.order = index;
      });
      store.emit({ type: 'channel_folder', op: 'reorder', order });
      return {};
    },
    { adminBeforeParams: true },
  ),
];
