import { badRequest } from '../errors';
import { avatarUrl, formatUser, withoutUndefined } from '../format-user';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { isAdminRole } from '../permissions';
import { anyJson, bool, int, json, text } from '../param-spec';
import { EMAIL_VISIBILITY, type BotType, type SimUser, type SvcStore } from '../store';
import { accessChannelByName } from './channel-lookup';
import { apiKey } from './create-user';

/**
 * Bots (`POST /bots`, `GET /bots`): anyone but a guest may create one, checked in the server's order (username,
 * name, embedded bot, address and name in use, type, interface, default channels). The bot is a new account owned
 * by its creator; everyone hears of the account, its owner and the administrators of the bot itself.
 */

const NAME_LIMITS = { min: 2, max: 100 } as const;
const NAME_INVALID_CHARS = ['*', '`', '\\', '>', '"', '@'];
/** The embedded bots a server ships (a development server enables them). */
const EMBEDDED_BOTS = ['converter', 'encrypt', 'helloworld', 'virtual_fs', 'giphy', 'followup'];
/** What an email address's local part may hold (no spaces, no specials). */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

const notForGuests = () => badRequest('Not allowed for guest users');

function checkFullName(raw: string): string {
  const name = raw.trim();
  if (name.length > NAME_LIMITS.max) throw badRequest('Name too long!');
  if (name.length < NAME_LIMITS.min) throw badRequest('Name too short!');
  if (NAME_INVALID_CHARS.some((c) => name.includes(c))) throw badRequest('Invalid characters in name!');
  // Names ending in `|15` would read as a mention of someone else.
  if (/\|\d+$/.test(raw)) throw badRequest('Invalid format!');
  return name;
}

interface BotRequest {
  full_name: string;
  short_name: string;
  bot_type?: number | undefined;
  service_name?: string | undefined;
  interface_type?: number | undefined;
  default_sending_stream?: string | undefined;
  default_events_register_stream?: string | undefined;
  default_all_public_streams?: boolean | undefined;
}

function checkBot(store: SvcStore, me: SimUser, params: BotRequest) {
  const short = params.short_name.trim();
  if (short === '') throw badRequest('Bad name or username');
  const botType = params.bot_type ?? 1;
  const serviceName = params.service_name ?? (botType !== 2 ? short : undefined);
  const fullName = checkFullName(params.full_name);
  if (!LOCAL_PART.test(`${short}-bot`)) throw badRequest('Bad name or username');
  const email = `${short}-bot@${store.realm.host}`;
  if (botType === 4 && !EMBEDDED_BOTS.includes(serviceName ?? '')) throw badRequest('Invalid embedded bot name.');
  if (store.userByDeliveryEmail(email)) throw badRequest('Email is already in use.');
  if (store.users.some((u) => u.isActive && u.fullName === fullName)) throw badRequest('Name is already in use.');
  if (![1, 2, 3, 4].includes(botType)) throw badRequest('Invalid bot type');
  if (![1, 2].includes(params.interface_type ?? 1)) throw badRequest('Invalid interface type');
  const channelId = (name: string | undefined) =>
    name === undefined ? null : accessChannelByName(store, me, name).stream_id;
  return {
    email,
    fullName,
    botType: botType as BotType,
    defaults: {
      sendingStream: channelId(params.default_sending_stream),
      eventsRegisterStream: channelId(params.default_events_register_stream),
      allPublicStreams: params.default_all_public_streams ?? false,
    },
  };
}

const channelName = (store: SvcStore, id: number | null | undefined) =>
  id === null || id === undefined ? null : (store.channel(id)?.name ?? null);

/** The fields `POST /bots` answers with and `GET /bots` lists (besides each list entry's own). */
function botDefaultsOf(store: SvcStore, bot: SimUser) {
  return {
    default_sending_stream: channelName(store, bot.botDefaults?.sendingStream),
    default_events_register_stream: channelName(store, bot.botDefaults?.eventsRegisterStream),
    default_all_public_streams: bot.botDefaults?.allPublicStreams ?? false,
  };
}

function createBot(store: SvcStore, me: SimUser, params: BotRequest): SimUser {
  const checked = checkBot(store, me, params);
  const bot = store.addUser({
    deliveryEmail: checked.email,
    fullName: checked.fullName,
    dateJoined: new Date(store.now()).toISOString().replace('Z', '+00:00'),
    isActive: true,
    role: 400,
    isBot: true,
    botType: checked.botType,
    botOwnerId: me.user_id,
    timezone: '',
    avatarSource: 'G',
    avatarVersion: 1,
    emailAddressVisibility: EMAIL_VISIBILITY.everyone,
    apiKey: apiKey(),
    password: null,
    profileData: new Map(),
    botDefaults: checked.defaults,
  });
  const person = formatUser(store, me, bot, { clientGravatar: false, includeCustomProfileFields: false });
  store.emit({ type: 'realm_user', op: 'add', person: withoutUndefined(person) });
  store.emit({
    type: 'realm_bot',
    op: 'add',
    bot: {
      email: bot.apiEmail,
      user_id: bot.user_id,
      full_name: bot.fullName,
      bot_type: bot.botType,
      is_active: true,
      api_key: bot.apiKey,
      avatar_url: avatarUrl(store, me, bot, false),
      services: [],
      owner_id: me.user_id,
      ...botDefaultsOf(store, bot),
    },
    recipient_ids: store.users.filter((u) => u.isActive && (isAdminRole(u.role) || u === me)).map((u) => u.user_id),
  });
  return bot;
}

export const botHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'POST',
      path: '/bots',
      params: {
        full_name: text(),
        short_name: text(),
        bot_type: int().optional(),
        payload_url: json((value, path) => {
          if (typeof value !== 'string') throw badRequest(`${path} is not a string`);
          return value;
        }).optional(),
        service_name: text().optional(),
        config_data: anyJson().optional(),
        interface_type: int().optional(),
        default_sending_stream: text().optional(),
        default_events_register_stream: text().optional(),
        default_all_public_streams: bool().optional(),
      },
    }),
    ({ core, me, params }) => {
      if (me.role === 600) throw notForGuests();
      const bot = createBot(core.store, me, params);
      return {
        user_id: bot.user_id,
        api_key: bot.apiKey,
        avatar_url: avatarUrl(core.store, me, bot, false),
        ...botDefaultsOf(core.store, bot),
      };
    },
  ),
  userHandler(endpoint({ method: 'GET', path: '/bots', params: {} }), ({ core, me }) => {
    if (me.role === 600) throw notForGuests();
    const owned = core.store.users.filter((u) => u.isBot && u.isActive && u.botOwnerId === me.user_id);
    return {
      bots: owned.map((bot) => ({
        username: bot.apiEmail,
        full_name: bot.fullName,
        api_key: bot.apiKey,
        avatar_url: avatarUrl(core.store, me, bot, false),
        ...botDefaultsOf(core.store, bot),
      })),
    };
  }),
];
