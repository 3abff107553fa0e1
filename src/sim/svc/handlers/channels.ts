import type { RegisteredHandler } from '../handler';

export const channelsHandlers: readonly RegisteredHandler[] = [];
