import { canReadHistory } from '../channel-access';
import { checkEmojiRequest, emojiByName, EmojiError } from '../emoji';
import { badRequest, SvcError } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { canAccessMessage, INVALID_MESSAGE } from '../message-edits';
import { int, text } from '../param-spec';
import type { SimMessage, SimReaction, SimUser, SvcStore } from '../store';

/**
 * Emoji reactions (`POST`/`DELETE /messages/{message_id}/reactions`), checked as the server checks them: a name
 * alone is looked up; a second person reacting with the same emoji votes for the first one's (its name wins);
 * taking a reaction back needs only its code. Each change is a `reaction` event for those who got the message.
 */

const emojiError = (error: unknown) => (error instanceof EmojiError ? badRequest(error.message) : error);

/** An emoji by name, or the server's refusal ("Emoji '…' does not exist"). */
function lookup(store: SvcStore, name: string) {
  try {
    return emojiByName(store.realmEmoji, name);
  } catch (error) {
    throw emojiError(error);
  }
}

/** A message the caller may react to: a direct message they are in, or a channel message they may change. */
function reactableMessage(store: SvcStore, me: SimUser, id: number): SimMessage {
  const m = store.messages.get(id);
  const ok = m && (m.dmRecipients ? m.dmRecipients.includes(me.user_id) : canAccessMessage(store, me, m, true));
  if (!m || !ok) throw badRequest(INVALID_MESSAGE);
  return m;
}

/** Who hears of a change to a message: those who received it (a channel's subscribers, its readers and sender). */
export function messageAudience(store: SvcStore, m: SimMessage): number[] {
  if (m.dmRecipients) return m.dmRecipients.filter((id) => store.user(id)?.isActive === true);
  const channel = store.channel(m.streamId);
  if (!channel) return [];
  return store.users
    .filter((u) => u.isActive && canReadHistory(store, u, channel))
    .filter((u) => channel.subscribers.has(u.user_id) || m.readBy.has(u.user_id) || m.senderId === u.user_id)
    .map((u) => u.user_id);
}

function announce(store: SvcStore, me: SimUser, m: SimMessage, op: 'add' | 'remove', r: SimReaction): void {
  store.emit({
    type: 'reaction',
    op,
    user_id: me.user_id,
    user: { user_id: me.user_id, email: me.apiEmail, full_name: me.fullName },
    message_id: m.id,
    emoji_name: r.emojiName,
    emoji_code: r.emojiCode,
    reaction_type: r.reactionType,
    recipient_ids: messageAudience(store, m),
  });
}

interface AddRequest {
  message_id: number;
  emoji_name: string;
  emoji_code?: string | undefined;
  reaction_type?: string | undefined;
}

function addReaction(store: SvcStore, me: SimUser, params: AddRequest): void {
  const m = reactableMessage(store, me, params.message_id);
  let code = params.emoji_code;
  let type = params.reaction_type;
  if (code === undefined || type === undefined) {
    const found = lookup(store, params.emoji_name);
    code ??= found.emoji_code;
    type ??= found.reaction_type;
  }
  const reactions = (m.reactions ??= []);
  if (reactions.some((r) => r.userId === me.user_id && r.emojiCode === code && r.reactionType === type))
    throw new SvcError('REACTION_ALREADY_EXISTS', 'Reaction already exists.');
  // A vote for an existing reaction takes its name, unchecked (its emoji may have been deactivated since).
  const vote = reactions.find((r) => r.emojiCode === code && r.reactionType === type);
  let reaction: SimReaction;
  if (vote) {
    reaction = { ...vote, userId: me.user_id };
  } else {
    try {
      const checked = checkEmojiRequest(store.realmEmoji, params.emoji_name, code, type);
      reaction = { userId: me.user_id, emojiName: params.emoji_name, emojiCode: code, reactionType: checked };
    } catch (error) {
      throw emojiError(error);
    }
  }
  reactions.push(reaction);
  announce(store, me, m, 'add', reaction);
}

export const reactionHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'POST',
      path: '/messages/{message_id}/reactions',
      params: {
        message_id: int(),
        emoji_name: text(),
        emoji_code: text().optional(),
        reaction_type: text().optional(),
      },
    }),
    ({ core, me, params }) => (addReaction(core.store, me, params), {}),
  ),
  userHandler(
    endpoint({
      method: 'DELETE',
      path: '/messages/{message_id}/reactions',
      params: {
        message_id: int(),
        emoji_name: text().optional(),
        emoji_code: text().optional(),
        reaction_type: text().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const m = reactableMessage(store, me, params.message_id);
      let code = params.emoji_code;
      if (code === undefined) {
        if (params.emoji_name === undefined)
          throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
        code = lookup(store, params.emoji_name).emoji_code;
      }
      const type = params.reaction_type ?? 'unicode_emoji';
      const at = (m.reactions ?? []).findIndex(
        (r) => r.userId === me.user_id && r.emojiCode === code && r.reactionType === type,
      );
      if (at < 0) throw new SvcError('REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");
      const [removed] = m.reactions!.splice(at, 1);
      announce(store, me, m, 'remove', removed!);
      return {};
    },
  ),
];
