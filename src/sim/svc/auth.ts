import { SvcError } from './errors';
import type { SimUser, SvcStore } from './store';

const notLoggedIn = () =>
  new SvcError('UNAUTHORIZED', 'Not logged in: API authentication or user session required', 401);
// A real server (level 372) turns every refusal of a key into UNAUTHORIZED, keeping the reason's wording.
const invalidApiKey = () => new SvcError('UNAUTHORIZED', 'Invalid API key', 401);
/** Keys are 32 characters; anything else is refused before any lookup. */
const API_KEY_LENGTH = 32;

function decodeBase64Utf8(text: string): string | null {
  try {
    const binary = atob(text);
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * HTTP Basic authentication with `email:api_key`. The email may be the real address or the API email:
 * servers check it against the key's owner, so both spellings of the same account work.
 */
export function authenticate(store: SvcStore, authorization: string | null): SimUser {
  if (!authorization) throw notLoggedIn();
  const [scheme, payload] = authorization.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'basic' || !payload) throw notLoggedIn();
  const decoded = decodeBase64Utf8(payload);
  const colon = decoded === null ? -1 : decoded.indexOf(':');
  if (decoded === null || colon < 0) {
    throw new SvcError('UNAUTHORIZED', 'Invalid authorization header for basic auth', 401);
  }
  const email = decoded.slice(0, colon).trim().toLowerCase();
  // Whitespace around a pasted key is forgiven.
  const apiKey = decoded.slice(colon + 1).trim();
  if (apiKey.length !== API_KEY_LENGTH) throw new SvcError('UNAUTHORIZED', 'Malformed API key', 401);
  const user = store.userByApiKey(apiKey);
  if (!user) throw invalidApiKey();
  if (email !== user.deliveryEmail.toLowerCase() && email !== user.apiEmail.toLowerCase()) throw invalidApiKey();
  if (!user.isActive) throw new SvcError('UNAUTHORIZED', 'Account is deactivated', 401);
  return user;
}

/** `POST /fetch_api_key`: the password check behind the console's sign-in. */
export function fetchApiKey(store: SvcStore, username: string, password: string): SimUser {
  const user = store.userByDeliveryEmail(username.trim());
  if (!user || user.password === null) {
    throw new SvcError('AUTHENTICATION_FAILED', 'Your username or password is incorrect', 401);
  }
  // The server reports a disabled account before looking at the password.
  if (!user.isActive) throw new SvcError('USER_DEACTIVATED', 'Account is deactivated', 401);
  if (user.password !== password) {
    throw new SvcError('AUTHENTICATION_FAILED', 'Your username or password is incorrect', 401);
  }
  return user;
}
