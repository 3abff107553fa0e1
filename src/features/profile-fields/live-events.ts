// The definitions are one data set with the users page's field names: their handler lives with the shared
// query (src/client/reference-data/custom-profile-fields.ts).
export { profileFieldsEventHandlers } from '../../client/reference-data/custom-profile-fields';
