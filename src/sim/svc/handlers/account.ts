import { svcOps } from '../../../shared/svc';
import { badRequest, missingArgument, SvcError } from '../errors';
import { userHandler, type RegisteredHandler } from '../handler';
import { updateStatus } from '../mutations';
import { activeDevicesOf, pushStateOf } from '../push-devices';
import { statusChangeOf } from './user-status';

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
  // The same checks as setting someone else's status, minus the permission; `away` counts as a value.
  userHandler(svcOps.updateOwnStatus, ({ core, me, params }) => {
    const change = statusChangeOf(core.store, params, params.away !== undefined);
    if (change.status_text !== undefined || change.emoji) updateStatus(core.store, me, change);
    return {};
  }),

  // Devices first (none active for the user, or not the one asked for), then the relay's answer.
  userHandler(svcOps.sendTestPushNotification, ({ core, me, params }) => {
    const { store } = core;
    const devices = activeDevicesOf(store, me.user_id).filter(
      (d) => params.push_account_id === undefined || d.push_account_id === params.push_account_id,
    );
    if (devices.length === 0) throw new SvcError('NO_ACTIVE_PUSH_DEVICE', NO_ACTIVE_PUSH_DEVICE_MSG);
    const failure = bouncerError(pushStateOf(store).bouncer);
    if (failure) throw failure;
    return {};
  }),

  userHandler(svcOps.addApnsDeviceToken, ({ core, me, params }) => {
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
  }),
];
