import { badRequest, missingArgument, SvcError } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { formatSubscription } from '../channel-access';
import { updateStatus } from '../mutations';
import type { SimSubscriptionSettings } from '../store';
import { ownSettingsHandler } from './own-settings';
import { activeDevicesOf, pushStateOf } from '../push-devices';
import { STATUS_TEXT_MAX, statusChangeOf } from './user-status';
import { bool, int, json, listOf, text, textChecked, textUpTo } from '../param-spec';
import { reactionTypeValue, subscriptionPropertyChange } from '../wire-values';
import { SIM_LEVELS } from '../levels';

/** The caller's own account: status, test push notification, APNs token. */

/** `appid` became required at this level; before it the server assumed its own iOS app. */
const APNS_APPID_REQUIRED_LEVEL = 223;
const DEFAULT_APNS_APPID = 'org.example.ios';
const MAX_TOKEN_LENGTH = 4096;

export const NO_ACTIVE_PUSH_DEVICE_MSG = 'No active registered push device';
export const ADMIN_ACTION_REQUIRED_MSG =
  'Push notifications are misconfigured on this server; contact the server administrator or retry later.';
export const FAILED_TO_CONNECT_BOUNCER_MSG = 'Network error while connecting to the push notification service.';
export const BOUNCER_5XX_MSG = 'Internal server error on the push notification service, retry later.';

/** Since this level, a change of `is_muted` or `in_home_view` is announced under both names. */
const BOTH_MUTE_EVENTS_LEVEL = 139;
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3,6})$/;

type SubscriptionValue = boolean | string | null;

/** Each settable property: how the server checks its value and where it is stored. */
const SUBSCRIPTION_PROPERTIES: Readonly<
  Record<
    string,
    { check: (value: unknown) => boolean; message: string; get: (s: SimSubscriptionSettings) => SubscriptionValue }
  >
> = (() => {
  const isBool = (v: unknown) => typeof v === 'boolean';
  const bool = (property: string, get: (s: SimSubscriptionSettings) => SubscriptionValue) => ({
    check: isBool,
    message: `${property} is not a boolean`,
    get,
  });
  return {
    color: {
      check: (v: unknown) => typeof v === 'string' && HEX_COLOR.test(v),
      message: 'color is not a valid hex color code',
      get: (s) => s.color,
    },
    is_muted: bool('is_muted', (s) => s.isMuted),
    in_home_view: bool('in_home_view', (s) => !s.isMuted),
    pin_to_top: bool('pin_to_top', (s) => s.pinToTop),
    desktop_notifications: bool('desktop_notifications', (s) => s.desktopNotifications),
    audible_notifications: bool('audible_notifications', (s) => s.audibleNotifications),
    push_notifications: bool('push_notifications', (s) => s.pushNotifications),
    email_notifications: bool('email_notifications', (s) => s.emailNotifications),
    wildcard_mentions_notify: bool('wildcard_mentions_notify', (s) => s.wildcardMentionsNotify),
  };
})();

function setSubscriptionProperty(s: SimSubscriptionSettings, property: string, value: boolean | string): void {
  switch (property) {
    case 'color':
      s.color = String(value);
      return;
    case 'is_muted':
      s.isMuted = value === true;
      return;
    case 'in_home_view':
      s.isMuted = value !== true;
      return;
    case 'pin_to_top':
      s.pinToTop = value === true;
      return;
    case 'desktop_notifications':
      s.desktopNotifications = value === true;
      return;
    case 'audible_notifications':
      s.audibleNotifications = value === true;
      return;
    case 'push_notifications':
      s.pushNotifications = value === true;
      return;
    case 'email_notifications':
      s.emailNotifications = value === true;
      return;
    case 'wildcard_mentions_notify':
      s.wildcardMentionsNotify = value === true;
      return;
  }
}

/** A subscription as `GET /users/me/subscriptions` lists it. */
/** What the relay's state makes of a send that found devices; null when it goes through. */
function bouncerError(mode: ReturnType<typeof pushStateOf>['bouncer']): SvcError | null {
  switch (mode) {
    case 'ok':
      return null;
    case 'admin-action-required':
      return new SvcError('ADMIN_ACTION_REQUIRED', ADMIN_ACTION_REQUIRED_MSG, 403);
    case 'unreachable':
      return new SvcError('FAILED_TO_CONNECT_BOUNCER', FAILED_TO_CONNECT_BOUNCER_MSG, 502);
    case 'bouncer-5xx':
      return new SvcError('INTERNAL_SERVER_ERROR_ON_BOUNCER', BOUNCER_5XX_MSG, 502);
  }
}

export const accountHandlers: readonly RegisteredHandler[] = [
  // Each subscription is the whole channel record plus the subscriber's own settings, as on a real server;
  // the subscriber lists only when asked for.
  userHandler(
    endpoint({ method: 'GET', path: '/users/me/subscriptions', params: { include_subscribers: bool().optional() } }),
    ({ core, me, params }) => ({
      subscriptions: core.store.channels
        .filter((c) => c.subscribers.has(me.user_id))
        .map((c) => {
          const { subscribers, ...rest } = formatSubscription(core.store, me, c);
          return params.include_subscribers ? { ...rest, subscribers } : rest;
        }),
    }),
  ),

  // Every change is checked (property, channel, subscription, value, in the server's order) before any
  // is applied; each applied change is announced to the owner alone.
  userHandler(
    endpoint({
      method: 'POST',
      path: '/users/me/subscriptions/properties',
      params: { subscription_data: json(listOf(subscriptionPropertyChange)) },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const checked = params.subscription_data.map(({ stream_id, property, value }) => {
        const spec = SUBSCRIPTION_PROPERTIES[property];
        if (!spec) throw badRequest(`Unknown subscription property: ${property}`);
        const channel = store.channel(stream_id);
        if (!channel || (channel.inviteOnly && !channel.subscribers.has(me.user_id)))
          throw badRequest('Invalid channel ID');
        const settings = store.subscription(me.user_id, stream_id);
        if (!settings) throw badRequest(`Not subscribed to channel ID ${stream_id}`);
        if (!spec.check(value)) throw badRequest(spec.message);
        return { stream_id, property, value, settings };
      });
      for (const { stream_id, property, value, settings } of checked) {
        setSubscriptionProperty(settings, property, value);
        const announced =
          property === 'is_muted' || property === 'in_home_view'
            ? store.featureLevel >= BOTH_MUTE_EVENTS_LEVEL
              ? [property, property === 'is_muted' ? 'in_home_view' : 'is_muted']
              : [property]
            : [property];
        for (const name of announced) {
          store.emit({
            type: 'subscription',
            op: 'update',
            owner_id: me.user_id,
            stream_id,
            property: name,
            value: SUBSCRIPTION_PROPERTIES[name]!.get(settings),
          });
        }
      }
      return {};
    },
  ),

  // The same checks as setting someone else's status, minus the permission; `away` counts as a value.
  userHandler(
    endpoint({
      method: 'POST',
      path: '/users/me/status',
      params: {
        status_text: textUpTo(STATUS_TEXT_MAX).optional(),
        emoji_name: text().optional(),
        emoji_code: text().optional(),
        reaction_type: textChecked(reactionTypeValue).optional(),
        away: bool().optional(),
      },
    }),
    ({ core, me, params }) => {
      const change = statusChangeOf(core.store, params, params.away !== undefined);
      if (change.status_text !== undefined || change.emoji) updateStatus(core.store, me, change);
      return {};
    },
  ),

  // My own settings, and from level 444 an administrator's settings for others (own-settings.ts).
  ownSettingsHandler,

  // Devices first (none active for the user, or not the one asked for), then the relay's answer. The device
  // is named by its push account until level 468, by its device ID from then on; the other name is not
  // understood (ignored and reported), so every device of the user is tested.
  userHandler(
    endpoint({
      method: 'POST',
      path: '/mobile_push/e2ee/test_notification',
      params: {
        push_account_id: int().optional().removedAt(SIM_LEVELS.testNotificationDeviceId),
        device_id: int().optional().from(SIM_LEVELS.testNotificationDeviceId),
      },
      since: SIM_LEVELS.e2eeTestNotification,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const { push_account_id: account, device_id: device } = params;
      const devices = activeDevicesOf(store, me.user_id).filter(
        (d) =>
          (account === undefined || d.push_account_id === account) && (device === undefined || d.device_id === device),
      );
      if (devices.length === 0) throw new SvcError('NO_ACTIVE_PUSH_DEVICE', NO_ACTIVE_PUSH_DEVICE_MSG);
      const failure = bouncerError(pushStateOf(store).bouncer);
      if (failure) throw failure;
      return {};
    },
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/users/me/apns_device_token',
      params: { token: text(), appid: text().optional() },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const { token } = params;
      if (token === '' || token.length > MAX_TOKEN_LENGTH) throw badRequest('Empty or invalid length token');
      if (!/^(?:[0-9a-fA-F]{2})+$/.test(token)) throw badRequest('Invalid APNS token.');
      let appid = params.appid;
      if (appid === undefined) {
        if (store.featureLevel >= APNS_APPID_REQUIRED_LEVEL) throw missingArgument('appid');
        appid = DEFAULT_APNS_APPID;
      }
      const tokens = pushStateOf(store).apnsTokens;
      const existing = tokens.find((t) => t.userId === me.user_id && t.token.toLowerCase() === token.toLowerCase());
      if (existing) existing.appid = appid;
      else tokens.push({ userId: me.user_id, token, appid });
      return {};
    },
  ),
];
