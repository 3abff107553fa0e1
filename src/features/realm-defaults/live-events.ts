// The defaults are one data set with the invitations' preview: their handler lives with the shared query
// (src/client/reference-data/user-settings-defaults.ts).
export { userSettingsDefaultsEventHandlers as realmDefaultsEventHandlers } from '../../client/reference-data/user-settings-defaults';
