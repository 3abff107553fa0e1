import { badRequest } from '../errors';
import { formatUser, withoutUndefined } from '../format-user';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { EMAIL_VISIBILITY, type SvcStore } from '../store';
import { text } from '../param-spec';

/**
 * POST /users: only administrators whose account carries the server-level `can_create_users` flag (which
 * no API grants) may create accounts; everyone else gets the server's refusal.
 */

/** The server's PASSWORD_MIN_LENGTH in a development setup. */
const PASSWORD_MIN_LENGTH = 6;
const ADDRESS = /^[^@\s<>(),;:"[\]]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** A new 32-character API key. */
export function apiKey(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '');
}

function createUser(store: SvcStore, email: string, password: string, fullName: string) {
  return store.addUser({
    deliveryEmail: email,
    fullName,
    dateJoined: new Date(store.now()).toISOString().replace('Z', '+00:00'),
    isActive: true,
    role: 400,
    isBot: false,
    botType: null,
    botOwnerId: null,
    timezone: '',
    avatarSource: 'G',
    avatarVersion: 1,
    emailAddressVisibility: EMAIL_VISIBILITY.admins,
    apiKey: apiKey(),
    password,
    profileData: new Map(),
  });
}

export const createUserHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({ method: 'POST', path: '/users', params: { email: text(), password: text(), full_name: text() } }),
    ({ core, me, params }) => {
      const { store } = core;
      if (!me.canCreateUsers) throw badRequest('User not authorized to create users');
      const fullName = params.full_name.trim();
      if (!ADDRESS.test(params.email)) throw badRequest('Bad name or username');
      if (params.email.includes('+')) throw badRequest('Email addresses containing + are not allowed.');
      if (store.userByDeliveryEmail(params.email)) throw badRequest('Email is already in use.');
      if (params.password.length < PASSWORD_MIN_LENGTH) throw badRequest('The password is too weak.');
      const user = createUser(store, params.email, params.password, fullName);
      const person = formatUser(store, me, user, { clientGravatar: false, includeCustomProfileFields: false });
      store.emit({ type: 'realm_user', op: 'add', person: withoutUndefined(person) });
      return { user_id: user.user_id };
    },
    { adminBeforeParams: true },
  ),
];
