import type { GroupSettingValue } from '../../shared/svc/group-settings';
import { badRequest } from './errors';
import type { SvcStore } from './store';

/**
 * Checks a group-setting value the way the server does before storing it: every named group exists and
 * is active (a deactivated group cannot hold a permission), every named user exists. Returns the value to
 * store.
 */
export function checkGroupSettingValue(store: SvcStore, value: GroupSettingValue): GroupSettingValue {
  const groupIds = typeof value === 'number' ? [value] : value.direct_subgroups;
  for (const id of groupIds) {
    const group = store.userGroup(id);
    if (!group || group.deactivated) throw badRequest('Invalid user group');
  }
  if (typeof value !== 'number') {
    for (const id of value.direct_members) if (!store.user(id)) throw badRequest(`Invalid user ID: ${id}`);
  }
  return value;
}
