import { z } from 'zod';
import { STATUS_TEXT_MAX } from './records';

/** A status update's fields and rules, shared by the administrators' and the own-status operations. */
export const EMOJI_NAME_REQUIRED_MSG = 'Client must pass emoji_name if they pass either emoji_code or reaction_type.';
export const STATUS_TOO_LONG_MSG = `status_text is too long (limit: ${STATUS_TEXT_MAX} characters)`;

export const statusUpdateShape = {
  status_text: z.string().max(STATUS_TEXT_MAX, STATUS_TOO_LONG_MSG).optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']).optional(),
};

/** The server's rule: an emoji code or type needs an emoji name. */
export function emojiNameGiven(p: { emoji_name?: string; emoji_code?: string; reaction_type?: string }): boolean {
  return p.emoji_name !== undefined || (p.emoji_code === undefined && p.reaction_type === undefined);
}
export const emojiNameRequired = { message: EMOJI_NAME_REQUIRED_MSG, path: ['emoji_name'] };
