import { paramLabel } from './params';

/** Server messages addressed to a client's programmer, as the person at the form reads them. */
const KNOWN_MESSAGES: Readonly<Record<string, string>> = {
  'Client must pass emoji_name if they pass either emoji_code or reaction_type.':
    'Give an emoji name when you give an emoji code or type.',
  // Level 441: a private channel with protected history must let everyone start new topics.
  'Unsupported parameter combination: history_public_to_subscribers, can_create_topic_group':
    'A private channel with protected history must let everyone start new topics.',
};

/**
 * A server message in the words of the form, when it names a parameter by its API name:
 * `status_text is too long (limit: 60 characters)` → "Status text is too long (limit: 60 characters)".
 * Null when the message already reads as words, so the caller shows it alone and verbatim.
 */
export function humanServerMessage(msg: string): string | null {
  const known = KNOWN_MESSAGES[msg];
  if (known) return known;
  let changed = false;
  // Only snake_case words (with an underscore): the sentence's ordinary words stay as they are.
  const text = msg.replace(/\b[a-z]+(?:_[a-z0-9]+)+\b/g, (name, offset: number) => {
    changed = true;
    const label = paramLabel(name);
    // A label starts the sentence with its capital; inside it, it reads in lower case ("… the status text").
    return offset === 0 || /[.!?]\s*$/.test(msg.slice(0, offset)) ? label : lowerFirst(label);
  });
  return changed ? text : null;
}

function lowerFirst(label: string): string {
  // Keep acronyms ("URL template") as they are.
  return /^[A-Z]{2}/.test(label) ? label : `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}
