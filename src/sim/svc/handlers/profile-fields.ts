import { endpoint, userHandler } from '../handler';
import type { SvcStore } from '../store';
import { formatProfileField, orderedProfileFields } from './profile-fields-admin';

/** The organization's custom profile fields, in display order, as a real server (level 372) lists them. */
export function listProfileFields(store: SvcStore) {
  return orderedProfileFields(store).map((f) => formatProfileField(f, store.featureLevel));
}

/** GET /realm/profile_fields: the organization's custom profile fields, in display order. */
export const profileFieldHandlers = [
  userHandler(endpoint({ method: 'GET', path: '/realm/profile_fields', params: {} }), ({ core }) => ({
    custom_fields: listProfileFields(core.store),
  })),
];
