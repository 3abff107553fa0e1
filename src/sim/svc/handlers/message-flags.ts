import { badRequest } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { canAccessMessage, INVALID_MESSAGE } from '../message-edits';
import { intList, text } from '../param-spec';
import type { SimMessage, SimUser, SvcStore } from '../store';
import { announceFlags, EDITABLE_FLAGS, NON_EDITABLE_FLAGS, received } from './messages';

/**
 * `POST /messages/flags`: personal flags on listed messages, as the server sets them. The simulator keeps `read`
 * and `starred`; `collapsed` is accepted and changes nothing. Marking unread skips messages of channels the caller
 * is not subscribed to (and names those channels); flagging a message the caller never received needs access to
 * it, as the server then adds it to their history.
 */

type Flag = 'read' | 'starred';

/** Whether the caller has the message in their own history (the server has a row for it). */
function hasRow(store: SvcStore, me: SimUser, m: SimMessage): boolean {
  if (m.dmRecipients) return m.dmRecipients.includes(me.user_id);
  const channel = store.channel(m.streamId);
  return channel !== undefined && (received(me, channel, m) || m.starredBy?.has(me.user_id) === true);
}

/** The flag's value for the caller; a message outside their history counts as read, not starred. */
function flagValue(store: SvcStore, me: SimUser, m: SimMessage, flag: Flag): boolean {
  if (!hasRow(store, me, m)) return flag === 'read';
  return flag === 'read' ? m.readBy.has(me.user_id) : m.starredBy?.has(me.user_id) === true;
}

function setFlag(me: SimUser, m: SimMessage, flag: Flag, on: boolean): void {
  const holders = flag === 'read' ? m.readBy : (m.starredBy ??= new Set());
  if (on) holders.add(me.user_id);
  else holders.delete(me.user_id);
}

/** Drops messages of channels the caller does not follow (unread only lives there); returns those channels. */
function subscribedOnly(store: SvcStore, me: SimUser, ids: number[]): { kept: number[]; ignored: number[] } {
  const ignored = new Set<number>();
  const kept = ids.filter((id) => {
    const m = store.messages.get(id);
    if (!m || m.dmRecipients) return true;
    if (store.channel(m.streamId)?.subscribers.has(me.user_id)) return true;
    ignored.add(m.streamId);
    return false;
  });
  return { kept, ignored: [...ignored] };
}

function updateFlags(store: SvcStore, me: SimUser, ids: readonly number[], op: 'add' | 'remove', flag: string) {
  const target = op === 'add';
  const { kept, ignored } =
    flag === 'read' && !target ? subscribedOnly(store, me, [...ids]) : { kept: [...ids], ignored: [] };
  if (flag !== 'read' && flag !== 'starred') return ignored;
  const changing = kept.filter((id) => {
    const m = store.messages.get(id);
    // A message that does not exist counts as outside the caller's history: refused below, unless unchanged.
    return m ? flagValue(store, me, m, flag) !== target : (flag === 'read') !== target;
  });
  const refused = changing.some((id) => {
    const m = store.messages.get(id);
    return !m || (!hasRow(store, me, m) && !canAccessMessage(store, me, m, false));
  });
  if (refused) throw badRequest(INVALID_MESSAGE);
  const changed = changing.map((id) => store.messages.get(id)!);
  for (const m of changed) setFlag(me, m, flag, target);
  announceFlags(store, me, op, flag, changed);
  return ignored;
}

export const messageFlagHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'POST',
      path: '/messages/flags',
      params: { messages: intList(), op: text(), flag: text() },
    }),
    ({ core, me, params }) => {
      const { flag, op } = params;
      if (!EDITABLE_FLAGS.has(flag) && !NON_EDITABLE_FLAGS.has(flag)) throw badRequest(`Invalid flag: '${flag}'`);
      if (NON_EDITABLE_FLAGS.has(flag)) throw badRequest(`Flag not editable: '${flag}'`);
      if (op !== 'add' && op !== 'remove') throw badRequest(`Invalid message flag operation: '${op}'`);
      const ignored = updateFlags(core.store, me, params.messages, op, flag);
      // `messages` repeats the request's list, for older clients.
      return { messages: params.messages, ignored_because_not_subscribed_channels: ignored };
    },
  ),
];
