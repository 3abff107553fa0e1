import type { RegisteredHandler } from '../handler';

export const messagesHandlers: readonly RegisteredHandler[] = [];
