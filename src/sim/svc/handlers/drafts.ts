import { badRequest, SvcError } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import type { DraftRecord, SavedSnippetRecord } from '../events';
import type { SimChannel, SimDraft, SimSnippet, SimUser, SvcStore } from '../store';
import { int, json, listOf, text } from '../param-spec';
import { draftInput, type SimDraftInput } from '../wire-values';
import { SIM_LEVELS } from '../levels';

/**
 * Drafts and saved snippets. Drafts and snippets are private to their owner:
 * someone else's ID answers like an unknown one, and their events reach only the owner's queues.
 */

const seconds = (store: SvcStore) => Math.floor(store.now() / 1000);

/** Unknown IDs: the server's not-found error (HTTP 404, code BAD_REQUEST). */
const notFound = (msg: string) => new SvcError('BAD_REQUEST', msg, 404);

function formatDraft(d: SimDraft): DraftRecord {
  return { id: d.id, type: d.type, to: [...d.to], topic: d.topic, content: d.content, timestamp: d.timestamp };
}

function formatSnippet(s: SimSnippet): SavedSnippetRecord {
  return { id: s.id, title: s.title, content: s.content, date_created: s.dateCreated };
}

/** The caller's drafts, last edited first (also the register state's `drafts`). */
export function ownDrafts(store: SvcStore, me: SimUser): DraftRecord[] {
  return store.drafts
    .filter((d) => d.ownerId === me.user_id)
    .sort((a, b) => b.timestamp - a.timestamp || b.id - a.id)
    .map(formatDraft);
}

/** The caller's saved snippets, oldest first. */
export function ownSnippets(store: SvcStore, me: SimUser): SavedSnippetRecord[] {
  return store.snippets.filter((s) => s.ownerId === me.user_id).map(formatSnippet);
}

function canSeeChannel(me: SimUser, c: SimChannel): boolean {
  return !c.inviteOnly || c.subscribers.has(me.user_id);
}

/** The server's checks of one draft, in its order; returns what to store. */
function validDraft(
  store: SvcStore,
  me: SimUser,
  draft: SimDraftInput,
): Pick<SimDraft, 'type' | 'to' | 'topic' | 'content'> {
  if (draft.type === 'stream' && draft.to.length !== 1)
    throw badRequest('Must specify exactly 1 channel ID for channel messages.');
  if (draft.topic.includes('\u0000')) throw badRequest('Topic must not contain null bytes');
  if (draft.content.includes('\u0000')) throw badRequest('Content must not contain null bytes');
  if (draft.type === 'stream') {
    const channel = store.channel(draft.to[0]!);
    if (!channel || !canSeeChannel(me, channel)) throw badRequest('Invalid channel ID');
    return { type: 'stream', to: [channel.stream_id], topic: draft.topic, content: draft.content };
  }
  if (draft.type === 'private') {
    for (const id of draft.to) {
      if (!store.user(id)) throw badRequest(`Invalid user ID ${id}`);
    }
    return { type: 'private', to: [...new Set(draft.to)], topic: '', content: draft.content };
  }
  // Unaddressed: `to` and `topic` are ignored.
  return { type: '', to: [], topic: '', content: draft.content };
}

function ownDraft(store: SvcStore, me: SimUser, id: number): SimDraft {
  const draft = store.drafts.find((d) => d.id === id && d.ownerId === me.user_id);
  // A real server (level 372) words it without the seed's full stop.
  if (!draft) throw notFound('Draft does not exist');
  return draft;
}

function ownSnippet(store: SvcStore, me: SimUser, id: number): SimSnippet {
  const snippet = store.snippets.find((s) => s.id === id && s.ownerId === me.user_id);
  if (!snippet) throw notFound('Saved snippet does not exist.');
  return snippet;
}

function requireSync(store: SvcStore, me: SimUser): void {
  if (!store.personalSetting(me.user_id, 'enable_drafts_synchronization'))
    throw badRequest('User has disabled synchronizing drafts.');
}

/** Empty title or content, in a real server's words (level 372; the seed has "Title cannot be empty."). */
function checkSnippetText(name: 'title' | 'content', value: string | undefined): void {
  if (value !== undefined && value.trim() === '') throw badRequest(`${name} cannot be blank`);
}

export const draftsHandlers: readonly RegisteredHandler[] = [
  userHandler(endpoint({ method: 'GET', path: '/drafts', params: {} }), ({ core, me }) => {
    const drafts = ownDrafts(core.store, me);
    return { count: drafts.length, drafts };
  }),

  userHandler(
    endpoint({ method: 'POST', path: '/drafts', params: { drafts: json(listOf(draftInput)).optional() } }),
    ({ core, me, params }) => {
      const { store } = core;
      requireSync(store, me);
      const valid = (params.drafts ?? []).map((d) => validDraft(store, me, d));
      const now = seconds(store);
      const created = valid.map((d) => store.addDraft({ ownerId: me.user_id, ...d, timestamp: now }));
      if (created.length > 0) {
        store.emit({ type: 'drafts', owner_id: me.user_id, op: 'add', drafts: created.map(formatDraft) });
      }
      return { ids: created.map((d) => d.id) };
    },
  ),

  userHandler(
    endpoint({ method: 'PATCH', path: '/drafts/{draft_id}', params: { draft_id: int(), draft: json(draftInput) } }),
    ({ core, me, params }) => {
      const { store } = core;
      requireSync(store, me);
      const draft = ownDraft(store, me, params.draft_id);
      Object.assign(draft, validDraft(store, me, params.draft), { timestamp: seconds(store) });
      store.emit({ type: 'drafts', owner_id: me.user_id, op: 'update', draft: formatDraft(draft) });
      return {};
    },
  ),

  userHandler(
    endpoint({ method: 'DELETE', path: '/drafts/{draft_id}', params: { draft_id: int() } }),
    ({ core, me, params }) => {
      const { store } = core;
      const draft = ownDraft(store, me, params.draft_id);
      store.drafts.splice(store.drafts.indexOf(draft), 1);
      store.emit({ type: 'drafts', owner_id: me.user_id, op: 'remove', draft_id: draft.id });
      return {};
    },
  ),

  userHandler(
    endpoint({ method: 'GET', path: '/saved_snippets', params: {}, since: SIM_LEVELS.savedSnippets }),
    ({ core, me }) => ({ saved_snippets: ownSnippets(core.store, me) }),
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/saved_snippets',
      params: { title: text(), content: text() },
      since: SIM_LEVELS.savedSnippets,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      checkSnippetText('title', params.title);
      checkSnippetText('content', params.content);
      const snippet = store.addSnippet({
        ownerId: me.user_id,
        title: params.title,
        content: params.content,
        dateCreated: seconds(store),
      });
      store.emit({ type: 'saved_snippets', owner_id: me.user_id, op: 'add', saved_snippet: formatSnippet(snippet) });
      return { saved_snippet_id: snippet.id };
    },
  ),

  userHandler(
    endpoint({
      method: 'PATCH',
      path: '/saved_snippets/{saved_snippet_id}',
      params: { saved_snippet_id: int(), title: text().optional(), content: text().optional() },
      since: SIM_LEVELS.snippetEdit,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const snippet = ownSnippet(store, me, params.saved_snippet_id);
      checkSnippetText('title', params.title);
      checkSnippetText('content', params.content);
      if (params.title === undefined && params.content === undefined) return {};
      if (params.title !== undefined) snippet.title = params.title;
      if (params.content !== undefined) snippet.content = params.content;
      store.emit({ type: 'saved_snippets', owner_id: me.user_id, op: 'update', saved_snippet: formatSnippet(snippet) });
      return {};
    },
  ),

  userHandler(
    endpoint({
      method: 'DELETE',
      path: '/saved_snippets/{saved_snippet_id}',
      params: { saved_snippet_id: int() },
      since: SIM_LEVELS.savedSnippets,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const snippet = ownSnippet(store, me, params.saved_snippet_id);
      store.snippets.splice(store.snippets.indexOf(snippet), 1);
      store.emit({ type: 'saved_snippets', owner_id: me.user_id, op: 'remove', saved_snippet_id: snippet.id });
      return {};
    },
  ),
];
