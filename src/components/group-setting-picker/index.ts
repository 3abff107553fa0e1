export { GroupSettingPicker, type GroupSettingPickerProps, type GroupSettingPickerUser } from './group-setting-picker';
export { describeGroupSetting, groupLabel, userLabel, type NamedGroup, type NamedUser } from './describe-group-setting';
