import { badRequest } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { json, listOf, strList, strValue, type Decoder } from '../param-spec';
import type { SvcStore } from '../store';

/**
 * A person's alert words (`/users/me/alert_words`): words that flag a message for them. Kept in the order added,
 * one spelling per word whatever its case; every change sends the owner the whole list.
 */

const MAX_ALERT_WORD_LENGTH = 100;

const alertWord: Decoder<string> = (value, path) => {
  const word = strValue(value, path);
  if (word.length > MAX_ALERT_WORD_LENGTH)
    throw badRequest(`${path} is too long (limit: ${MAX_ALERT_WORD_LENGTH} characters)`);
  return word;
};

export function alertWordsOf(store: SvcStore, userId: number): string[] {
  return [...(store.alertWords.get(userId) ?? [])];
}

function setAlertWords(store: SvcStore, userId: number, words: string[]): string[] {
  store.alertWords.set(userId, words);
  store.emit({ type: 'alert_words', owner_id: userId, alert_words: [...words] });
  return [...words];
}

/** New words, trimmed, empty ones dropped; of several spellings of one new word the last one sent is kept. */
function addWords(existing: readonly string[], wanted: readonly string[]): string[] {
  const known = new Set(existing.map((w) => w.toLowerCase()));
  const added = new Map<string, string>();
  for (const word of wanted.map((w) => w.trim()).filter((w) => w !== '')) {
    if (!known.has(word.toLowerCase())) added.set(word.toLowerCase(), word);
  }
  return [...existing, ...added.values()];
}

export const alertWordHandlers: readonly RegisteredHandler[] = [
  userHandler(endpoint({ method: 'GET', path: '/users/me/alert_words', params: {} }), ({ core, me }) => ({
    alert_words: alertWordsOf(core.store, me.user_id),
  })),
  userHandler(
    endpoint({ method: 'POST', path: '/users/me/alert_words', params: { alert_words: json(listOf(alertWord)) } }),
    ({ core, me, params }) => {
      const words = addWords(alertWordsOf(core.store, me.user_id), params.alert_words);
      return { alert_words: setAlertWords(core.store, me.user_id, words) };
    },
  ),
  userHandler(
    endpoint({ method: 'DELETE', path: '/users/me/alert_words', params: { alert_words: strList() } }),
    ({ core, me, params }) => {
      const gone = new Set(params.alert_words.map((w) => w.toLowerCase()));
      const words = alertWordsOf(core.store, me.user_id).filter((w) => !gone.has(w.toLowerCase()));
      return { alert_words: setAlertWords(core.store, me.user_id, words) };
    },
  ),
];
