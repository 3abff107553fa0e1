import type { RegisteredHandler } from '../handler';

/** Linkifier endpoints. */
export const linkifierHandlers: readonly RegisteredHandler[] = [];
