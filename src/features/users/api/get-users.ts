// The users list is one data set shared with every page that names people: its query lives with the shared
// reference data, and this area reads it through the same factory.
export { prefetchUsersList, usersQueryOptions, usersRootKey, useUsers } from '../../../client/reference-data/users';
