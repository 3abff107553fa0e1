import { z } from 'zod';
import { simpleSuccessSchema } from '../envelope';
import { FEATURE_LEVELS } from '../features';
import { op } from '../op';
import { emojiNameGiven, emojiNameRequired, statusUpdateShape } from '../status-params';

/** POST /users/me/apns_device_token is deprecated from this level on (it still answers). */
export const APNS_TOKEN_DEPRECATED_LEVEL = 406;

/** The signed-in user's own account: status, test push notification, APNs token (deprecated). */
export const accountOps = {
  /** Own status: the administrators' fields and rules, plus the deprecated `away`. */
  updateOwnStatus: op({
    id: 'updateOwnStatus',
    method: 'POST',
    path: '/users/me/status',
    params: z
      .strictObject({ ...statusUpdateShape, away: z.boolean().optional() })
      .refine(emojiNameGiven, emojiNameRequired),
    response: simpleSuccessSchema,
  }),
  sendTestPushNotification: op({
    id: 'sendTestPushNotification',
    method: 'POST',
    path: '/mobile_push/e2ee/test_notification',
    minLevel: FEATURE_LEVELS.e2eeTestNotification,
    /** Without `push_account_id`, every registered device of the user is notified. */
    params: z.strictObject({ push_account_id: z.number().int().positive().optional() }),
    response: simpleSuccessSchema,
  }),
  /**
   * Deprecated from level 406 (`APNS_TOKEN_DEPRECATED_LEVEL`); the server judges the token. `appid` is
   * required from level 223 (older servers assumed a default).
   */
  addApnsDeviceToken: op({
    id: 'addApnsDeviceToken',
    method: 'POST',
    path: '/users/me/apns_device_token',
    params: z.strictObject({ token: z.string(), appid: z.string().optional() }),
    response: simpleSuccessSchema,
  }),
} as const;
