import { z } from 'zod';
import { simpleSuccessSchema, successSchema } from '../envelope';
import { FEATURE_LEVELS } from '../features';
import { op } from '../op';
import { emojiNameGiven, emojiNameRequired, statusUpdateShape } from '../status-params';

/** POST /users/me/apns_device_token is deprecated from this level on (it still answers). */
export const APNS_TOKEN_DEPRECATED_LEVEL = 406;

/** The per-channel notification properties; null means "follow my default setting". */
export const SUBSCRIPTION_NOTIFICATION_PROPERTIES = [
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;
export type SubscriptionNotificationProperty = (typeof SUBSCRIPTION_NOTIFICATION_PROPERTIES)[number];

const inheritable = z.boolean().nullable().optional();

/** One of my subscriptions, as `GET /users/me/subscriptions` lists it (other fields pass through). */
export const subscriptionSchema = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  color: z.string(),
  is_muted: z.boolean(),
  pin_to_top: z.boolean(),
  desktop_notifications: inheritable,
  audible_notifications: inheritable,
  push_notifications: inheritable,
  email_notifications: inheritable,
  wildcard_mentions_notify: inheritable,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** One change; the server judges the property name and the value's type, in its own words. */
export const subscriptionPropertyChangeSchema = z.strictObject({
  stream_id: z.number().int(),
  property: z.string(),
  value: z.union([z.string(), z.boolean()]),
});
export type SubscriptionPropertyChange = z.infer<typeof subscriptionPropertyChangeSchema>;

/** The signed-in user's own account: status, test push notification, APNs token (deprecated). */
export const accountOps = {
  /** My alert words: words that flag a message for me, in the order they were added. */
  getAlertWords: op({
    id: 'getAlertWords',
    method: 'GET',
    path: '/users/me/alert_words',
    params: () => z.strictObject({}),
    response: () => successSchema({ alert_words: z.array(z.string()) }),
  }),
  /** Own status: the administrators' fields and rules, plus the deprecated `away`. */
  updateOwnStatus: op({
    id: 'updateOwnStatus',
    method: 'POST',
    path: '/users/me/status',
    params: () =>
      z.strictObject({ ...statusUpdateShape, away: z.boolean().optional() }).refine(emojiNameGiven, emojiNameRequired),
    response: () => simpleSuccessSchema,
  }),
  sendTestPushNotification: op({
    id: 'sendTestPushNotification',
    method: 'POST',
    path: '/mobile_push/e2ee/test_notification',
    minLevel: FEATURE_LEVELS.e2eeTestNotification,
    /**
     * Without a device, every registered device of the user is notified. Named `push_account_id` before level
     * 468 (the BFF spells it for the server: api-changes.ts).
     */
    params: () => z.strictObject({ device_id: z.number().int().positive().optional() }),
    response: () => simpleSuccessSchema,
  }),
  /**
   * Deprecated from level 406 (`APNS_TOKEN_DEPRECATED_LEVEL`); the server judges the token. `appid` is
   * required from level 223 (older servers assumed a default).
   */
  addApnsDeviceToken: op({
    id: 'addApnsDeviceToken',
    method: 'POST',
    path: '/users/me/apns_device_token',
    params: () => z.strictObject({ token: z.string(), appid: z.string().optional() }),
    response: () => simpleSuccessSchema,
  }),
  /**
   * My own settings: only those the console changes. The server answers `allow_private_data_export` is not a
   * boolean (or not valid JSON) for a bad value, and from level 293 on sends a `user_settings` event.
   */
  updateOwnSettings: op({
    id: 'updateOwnSettings',
    method: 'PATCH',
    path: '/settings',
    params: () => z.strictObject({ allow_private_data_export: z.boolean().optional() }),
    response: () => simpleSuccessSchema,
  }),
  getOwnSubscriptions: op({
    id: 'getOwnSubscriptions',
    method: 'GET',
    path: '/users/me/subscriptions',
    params: () => z.strictObject({ include_subscribers: z.boolean().optional() }),
    response: () => successSchema({ subscriptions: z.array(subscriptionSchema) }),
  }),
  updateSubscriptionProperties: op({
    id: 'updateSubscriptionProperties',
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    params: () => z.strictObject({ subscription_data: z.array(subscriptionPropertyChangeSchema) }),
    response: () => simpleSuccessSchema,
  }),
} as const;
