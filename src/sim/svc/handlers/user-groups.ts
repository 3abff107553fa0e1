import type { RegisteredHandler } from '../handler';

export const userGroupsHandlers: readonly RegisteredHandler[] = [];
