import { createHash } from 'node:crypto';
import { formatMessage, linkRules } from './handlers/messages';
import type { SimMessage, SimUser, SvcStore } from './store';

/**
 * Outgoing-webhook bots (`bot_type` 3). Each has one fixed alphanumeric token and, once configured, a URL.
 * When a channel message mentions such a bot, the simulator POSTs the documented notification (`bot_email`,
 * `bot_full_name`, `data`, `trigger`, `token`, `message` as `GET /messages` shows it to the bot) to that URL,
 * after the send has answered; a reply with `content` (and no `response_not_required`) is posted as the bot
 * in the same topic. Messages from outgoing-webhook bots trigger nothing, so two bots cannot ping-pong.
 */

export const OUTGOING_WEBHOOK_BOT_TYPE = 3;
/** `direct_message` was named `private_message` before this level. */
export const DIRECT_MESSAGE_TRIGGER_LEVEL = 201;
const TIMEOUT_MS = 10_000;
const TOKEN_LENGTH = 32;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export type OutgoingFetch = (request: Request) => Promise<Response>;

/** One notification the simulator sent (for tests and debugging). */
export interface OutgoingWebhookAttempt {
  botId: number;
  messageId: number;
  url: string;
  trigger: string;
  /** The HTTP status, or null when the request failed. */
  status: number | null;
  error: string | null;
  replied: boolean;
}

interface State {
  urls: Map<number, string>;
  tokens: Map<number, string>;
  fetch: OutgoingFetch;
  log: (line: string) => void;
  inFlight: Set<Promise<void>>;
  attempts: OutgoingWebhookAttempt[];
}

const states = new WeakMap<SvcStore, State>();

function stateOf(store: SvcStore): State {
  let state = states.get(store);
  if (!state) {
    state = {
      urls: new Map(),
      tokens: new Map(),
      fetch: (request) => fetch(request),
      log: (line) => console.warn(`[svc-sim] ${line}`),
      inFlight: new Set(),
      attempts: [],
    };
    states.set(store, state);
  }
  return state;
}

export function isOutgoingWebhookBot(user: SimUser): boolean {
  return user.isBot && user.botType === OUTGOING_WEBHOOK_BOT_TYPE;
}

/**
 * The bot's fixed token: derived from its API key, so the same demo realm always has the same tokens
 * (and the seeded data's random stream is untouched).
 */
export function outgoingWebhookToken(store: SvcStore, bot: SimUser): string {
  const state = stateOf(store);
  let token = state.tokens.get(bot.user_id);
  if (!token) {
    const bytes = createHash('sha256').update(`outgoing-webhook-token:${bot.user_id}:${bot.apiKey}`).digest();
    token = Array.from(bytes.subarray(0, TOKEN_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join('');
    state.tokens.set(bot.user_id, token);
  }
  return token;
}

export interface OutgoingWebhookSetting {
  bot_id: number;
  token: string;
  url: string | null;
}

/**
 * Reads (and with `url` given, sets; null or '' clears) an outgoing-webhook bot's URL. Throws RangeError for
 * an unknown address, a bot of another type or a URL that is not http(s).
 */
export function configureOutgoingWebhook(
  store: SvcStore,
  botEmail: string,
  url?: string | null,
): OutgoingWebhookSetting {
  const bot = store.userByDeliveryEmail(botEmail);
  if (!bot) throw new RangeError(`No user with email ${botEmail}`);
  if (!isOutgoingWebhookBot(bot)) throw new RangeError(`${botEmail} is not an outgoing-webhook bot`);
  const state = stateOf(store);
  if (url !== undefined) {
    if (url === null || url === '') state.urls.delete(bot.user_id);
    else {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new RangeError(`Invalid url: ${url}`);
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new RangeError(`Invalid url: ${url}`);
      state.urls.set(bot.user_id, parsed.toString());
    }
  }
  return { bot_id: bot.user_id, token: outgoingWebhookToken(store, bot), url: state.urls.get(bot.user_id) ?? null };
}

/** Replaces how notifications are sent (tests pass a fake server) and where failures are reported. */
export function setOutgoingWebhookTransport(
  store: SvcStore,
  transport: { fetch?: OutgoingFetch; log?: (line: string) => void },
): void {
  const state = stateOf(store);
  if (transport.fetch) state.fetch = transport.fetch;
  if (transport.log) state.log = transport.log;
}

export function outgoingWebhookAttempts(store: SvcStore): readonly OutgoingWebhookAttempt[] {
  return stateOf(store).attempts;
}

/** Resolves once every notification sent so far (and the replies they caused) has finished. */
export async function outgoingWebhooksSettled(store: SvcStore): Promise<void> {
  const state = stateOf(store);
  while (state.inFlight.size > 0) await Promise.all([...state.inFlight]);
}

const MENTION = /(?<![\w@])@\*\*([^*|\n]+?)(?:\|(\d+))?\*\*/g;

/** The configured outgoing-webhook bots a channel message triggers, by (loud) mention. */
export function triggeredBots(store: SvcStore, message: SimMessage): SimUser[] {
  const state = stateOf(store);
  if (state.urls.size === 0) return [];
  const sender = store.user(message.senderId);
  if (!sender || isOutgoingWebhookBot(sender)) return [];
  const bots = new Map<number, SimUser>();
  for (const match of message.content.matchAll(MENTION)) {
    const name = (match[1] ?? '').trim().toLowerCase();
    const id = match[2] === undefined ? null : Number(match[2]);
    for (const userId of state.urls.keys()) {
      const bot = store.user(userId);
      if (!bot || !bot.isActive || bot.fullName.toLowerCase() !== name) continue;
      if (id !== null && id !== bot.user_id) continue;
      bots.set(bot.user_id, bot);
    }
  }
  return [...bots.values()];
}

/** The notification body for one bot (the message as the bot reads it, raw Markdown in `content`). */
export function notificationFor(store: SvcStore, bot: SimUser, message: SimMessage, trigger: string) {
  const channel = store.channel(message.streamId);
  if (!channel) throw new Error(`message ${message.id} has no channel`);
  const { flags: _flags, ...raw } = formatMessage(store, bot, message, channel, {
    applyMarkdown: false,
    clientGravatar: false,
    allowEmptyTopicName: false,
    rules: linkRules(store),
  });
  // The notification's message carries its rendering beside the raw Markdown (`GET /messages` does not).
  const formatted = { ...raw, rendered_content: message.renderedContent };
  return {
    bot_email: bot.apiEmail,
    bot_full_name: bot.fullName,
    data: message.content,
    trigger,
    token: outgoingWebhookToken(store, bot),
    message: formatted,
  };
}

function replyContent(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const reply = body as Record<string, unknown>;
  if (reply.response_not_required === true) return null;
  return typeof reply.content === 'string' && reply.content.trim() !== '' ? reply.content : null;
}

/**
 * Sends the notifications a new message triggers, without holding up the caller (the send answers first);
 * `postReply` posts a bot's reply in the message's topic.
 */
export function dispatchOutgoingWebhooks(
  store: SvcStore,
  message: SimMessage,
  postReply: (bot: SimUser, content: string) => void,
): void {
  const state = stateOf(store);
  for (const bot of triggeredBots(store, message)) {
    const url = state.urls.get(bot.user_id);
    if (!url) continue;
    const attempt: OutgoingWebhookAttempt = {
      botId: bot.user_id,
      messageId: message.id,
      url,
      trigger: 'mention',
      status: null,
      error: null,
      replied: false,
    };
    const run = async () => {
      // After the current call stack: the send's response is not held up by the bot.
      await Promise.resolve();
      try {
        const body = JSON.stringify(notificationFor(store, bot, message, attempt.trigger));
        const response = await state.fetch(
          new Request(url, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', 'user-agent': 'SvcOutgoingWebhook/sim' },
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
        );
        attempt.status = response.status;
        const text = await response.text();
        if (!response.ok) {
          attempt.error = `HTTP ${response.status}`;
          state.log(`outgoing webhook of bot ${bot.user_id} to ${url}: HTTP ${response.status}`);
          return;
        }
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = null;
        }
        const content = replyContent(parsed);
        if (content !== null && bot.isActive) {
          postReply(bot, content);
          attempt.replied = true;
        }
      } catch (error) {
        attempt.error = error instanceof Error ? error.message : String(error);
        state.log(`outgoing webhook of bot ${bot.user_id} to ${url} failed: ${attempt.error}`);
      }
    };
    state.attempts.push(attempt);
    if (state.attempts.length > 200) state.attempts.splice(0, state.attempts.length - 200);
    const pending = run().finally(() => state.inFlight.delete(pending));
    state.inFlight.add(pending);
  }
}
