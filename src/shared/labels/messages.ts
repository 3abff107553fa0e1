import { paramLabel } from './params';

/**
 * A server message in the words of the form, when it names a parameter by its API name:
 * `status_text is too long (limit: 60 characters)` → "Status text is too long (limit: 60 characters)".
 * Null when the message already reads as words, so the caller shows it alone and verbatim.
 */
export function humanServerMessage(msg: string): string | null {
  let changed = false;
  // Only snake_case words (with an underscore): ordinary words of the sentence stay as they are.
  const text = msg.replace(/\b[a-z]+(?:_[a-z0-9]+)+\b/g, (name) => {
    changed = true;
    return paramLabel(name);
  });
  if (!changed) return null;
  // A sentence that now starts with a label reads as one; elsewhere the label keeps its capital.
  return text;
}
