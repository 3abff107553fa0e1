import type { RegisteredHandler } from '../handler';
import { createUserHandlers } from './create-user';
import { inviteHandlers } from './invites';
import { profileFieldAdminHandlers } from './profile-fields-admin';
import { realmEmojiHandlers } from './realm-emoji';

/** Invitations, profile field administration, custom emoji and user creation. */
export const peopleAdminHandlers: readonly RegisteredHandler[] = [
  ...inviteHandlers,
  ...profileFieldAdminHandlers,
  ...realmEmojiHandlers,
  ...createUserHandlers,
];
