/**
 * One dictionary of the words the console uses for the API's names: operations, roles, bot types, system
 * groups, permissions, parameters and the server's messages that quote them. Pure data and functions, shared
 * by the SPA (forms, lists, errors, the Audit page) and the BFF (what the audit records a change did).
 */
export { describeSvcChange } from './changes';
export { humanServerMessage } from './messages';
export { operationLabel } from './operations';
export { describeParams, exportTypeLabel, paramLabel, paramValue, PROPAGATE_MODE_LABELS } from './params';
export { CHANNEL_PERMISSION_LABELS, USER_GROUP_PERMISSION_LABELS, permissionLabel } from './permissions';
export { outcomeLabel, recordTypeLabel, replicaLabel } from './records';
export { botTypeLabel, roleLabel, systemGroupLabel } from './roles';
export { describeUserSetting, NO_SOUND, soundLabel, userSettingValueLabel, withUnit } from './settings';
