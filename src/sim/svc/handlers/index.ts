import type { RegisteredHandler } from '../handler';
import { accountHandlers } from './account';
import { channelFolderHandlers } from './channel-folders';
import { channelSettingsHandlers } from './channel-settings';
import { channelsHandlers } from './channels';
import { draftsHandlers } from './drafts';
import { eventHandlers } from './events';
import { fetchApiKeyHandlers } from './fetch-api-key';
import { linkifierHandlers } from './linkifiers';
import { messagesHandlers } from './messages';
import { presenceHandlers } from './presence';
import { profileFieldHandlers } from './profile-fields';
import { realmDefaultsHandlers } from './realm-defaults';
import { sendMessageHandlers } from './send-message';
import { serverSettingsHandlers } from './server-settings';
import { userGroupsHandlers } from './user-groups';
import { userStatusHandlers } from './user-status';
import { userHandlers } from './users';
import { peopleAdminHandlers } from './people-admin';
import { organizationDataHandlers } from './organization-data';
import { alertWordHandlers } from './alert-words';
import { botHandlers } from './bots';
import { channelLookupHandlers } from './channel-lookup';
import { messageByIdHandlers } from './message-by-id';
import { messageFlagHandlers } from './message-flags';
import { reactionHandlers } from './reactions';
import { typingHandlers } from './typing';

/** Every endpoint the simulator answers; any other path answers 404 like an unknown endpoint. */
export const allHandlers: readonly RegisteredHandler[] = [
  ...serverSettingsHandlers,
  ...fetchApiKeyHandlers,
  ...userHandlers,
  ...userStatusHandlers,
  ...eventHandlers,
  ...realmDefaultsHandlers,
  ...linkifierHandlers,
  ...profileFieldHandlers,
  ...draftsHandlers,
  ...accountHandlers,
  ...channelsHandlers,
  ...channelSettingsHandlers,
  ...channelFolderHandlers,
  ...messagesHandlers,
  ...sendMessageHandlers,
  ...userGroupsHandlers,
  ...presenceHandlers,
  ...peopleAdminHandlers,
  ...organizationDataHandlers,
  // What the official clients call besides the console's operations.
  ...channelLookupHandlers,
  ...messageByIdHandlers,
  ...messageFlagHandlers,
  ...reactionHandlers,
  ...alertWordHandlers,
  ...botHandlers,
  ...typingHandlers,
];
