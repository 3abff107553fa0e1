import { EMOJI_NAME_REQUIRED_MSG, isAdminRole, svcOps } from '../../../shared/svc';
import { EmojiError, resolveStatusEmoji } from '../emoji';
import { badRequest, noSuchUser } from '../errors';
import { formatStatus } from '../format-user';
import { userHandler } from '../handler';
import { updateStatus, type StatusChange } from '../mutations';
import type { SvcStore } from '../store';
import type { ReactionType } from '../../../shared/svc/records';

interface StatusParams {
  status_text?: string | undefined;
  emoji_name?: string | undefined;
  emoji_code?: string | undefined;
  reaction_type?: ReactionType | undefined;
}

/**
 * The request's status fields checked in the server's order ("nothing to do", then the emoji). Shared with
 * POST /users/me/status; `otherValues` says the request carried something else to change (`away`).
 */
export function statusChangeOf(store: SvcStore, params: StatusParams, otherValues = false): StatusChange {
  const statusText = params.status_text?.trim();
  const { emoji_name: emojiName, emoji_code: emojiCode, reaction_type: reactionType } = params;
  if (statusText === undefined && emojiName === undefined && !otherValues)
    throw badRequest('Client did not pass any new values.');

  const change: StatusChange = statusText === undefined ? {} : { status_text: statusText };
  if (emojiName === '') {
    // An empty name clears the emoji, whatever else came along.
    change.emoji = { emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' };
  } else if (emojiName !== undefined) {
    try {
      change.emoji = resolveStatusEmoji(store.realmEmoji, emojiName, emojiCode, reactionType);
    } catch (error) {
      if (error instanceof EmojiError) throw badRequest(error.message);
      throw error;
    }
  } else if (emojiCode !== undefined || reactionType !== undefined) {
    throw badRequest(EMOJI_NAME_REQUIRED_MSG);
  }
  return change;
}

export const userStatusHandlers = [
  userHandler(svcOps.getUserStatus, ({ core, params }) => {
    if (!core.store.user(params.user_id)) throw noSuchUser();
    return { status: formatStatus(core.store.statuses.get(params.user_id)) };
  }),

  // The checks run in the server's order: permission, then "nothing to do", then the emoji.
  userHandler(svcOps.updateUserStatus, ({ core, me, params }) => {
    const { store } = core;
    if (!isAdminRole(me.role)) throw badRequest('Insufficient permission');
    const target = store.user(params.user_id);
    if (!target || target.isBot) throw noSuchUser();
    if (!target.isActive) throw badRequest('User is deactivated');

    const change = statusChangeOf(store, params);
    updateStatus(store, target, change);
    return {};
  }),
];
