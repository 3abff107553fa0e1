import { EmojiError, resolveStatusEmoji } from '../emoji';
import { isAdminRole } from '../permissions';
import { badRequest, noSuchUser } from '../errors';
import { formatStatus } from '../format-user';
import { endpoint, userHandler } from '../handler';
import { updateStatus, type StatusChange } from '../mutations';
import type { SvcStore } from '../store';
import type { ReactionType } from '../../../shared/svc/records';
import { int, text, textChecked, textUpTo } from '../param-spec';
import { reactionTypeValue } from '../wire-values';
import { SIM_LEVELS } from '../levels';

interface StatusParams {
  status_text?: string | undefined;
  emoji_name?: string | undefined;
  emoji_code?: string | undefined;
  reaction_type?: ReactionType | undefined;
}

/** The longest status text the server keeps. */
export const STATUS_TEXT_MAX = 60;

const EMOJI_NAME_REQUIRED = 'Client must pass emoji_name if they pass either emoji_code or reaction_type.';

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
    throw badRequest(EMOJI_NAME_REQUIRED);
  }
  return change;
}

export const userStatusHandlers = [
  userHandler(
    endpoint({
      method: 'GET',
      path: '/users/{user_id}/status',
      params: { user_id: int() },
      since: SIM_LEVELS.userStatusGet,
    }),
    ({ core, params }) => {
      if (!core.store.user(params.user_id)) throw noSuchUser();
      return { status: formatStatus(core.store.statuses.get(params.user_id)) };
    },
  ),

  // The checks run in the server's order: permission, then "nothing to do", then the emoji.
  userHandler(
    endpoint({
      method: 'POST',
      path: '/users/{user_id}/status',
      params: {
        user_id: int(),
        status_text: textUpTo(STATUS_TEXT_MAX).optional(),
        emoji_name: text().optional(),
        emoji_code: text().optional(),
        reaction_type: textChecked(reactionTypeValue).optional(),
      },
      since: SIM_LEVELS.adminSetUserStatus,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      if (!isAdminRole(me.role)) throw badRequest('Insufficient permission');
      const target = store.user(params.user_id);
      if (!target || target.isBot) throw noSuchUser();
      if (!target.isActive) throw badRequest('User is deactivated');

      const change = statusChangeOf(store, params);
      updateStatus(store, target, change);
      return {};
    },
  ),
];
