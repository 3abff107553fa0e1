import { createHash, scryptSync, timingSafeEqual } from 'node:crypto';
import { open, seal, sessionSecret } from './crypto';

/**
 * Bot tokens at rest: sealed with AES-256-GCM (the session store's `seal`/`open`: fresh IV per write, the
 * endpoint ID as additional data so a sealed token moved to another endpoint does not open) under a key
 * derived with scrypt from the secret sessions use, with its own salt so the two keys never coincide.
 */
export function deriveWebhookKey(secret: string): Buffer {
  return scryptSync(secret, 'realm-console/webhook-tokens/v1', 32);
}

export interface TokenVault {
  seal(endpointId: string, token: string): string;
  /** Whether `candidate` is the token sealed for this endpoint, compared in constant time. */
  matches(endpointId: string, sealed: string, candidate: string): boolean;
}

/** Digests of equal length, so the comparison neither throws nor reveals the token's length. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export function constantTimeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The key is derived on first use (scrypt is deliberately slow), from SESSION_SECRET or the secret generated
 * once in the data directory, like the session store's.
 */
export function createTokenVault(secret: () => string): TokenVault {
  let key: Buffer | null = null;
  const keyOf = () => (key ??= deriveWebhookKey(secret()));
  const aad = (endpointId: string) => `webhook-endpoint:${endpointId}`;
  return {
    seal: (endpointId, token) => seal(keyOf(), token, aad(endpointId)),
    matches: (endpointId, sealed, candidate) => {
      const token = open(keyOf(), sealed, aad(endpointId));
      // Compare even when the token no longer opens (changed secret), so timing says nothing either way.
      const equal = constantTimeEqual(token ?? '', candidate);
      return token !== null && token !== '' && equal;
    },
  };
}

export function configuredSecret(configured: string | null, dataDir: string): () => string {
  return () => sessionSecret(configured, dataDir);
}
