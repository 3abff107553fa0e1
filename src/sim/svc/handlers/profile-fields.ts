import { endpoint, userHandler } from '../handler';
import type { SvcStore } from '../store';

/** The organization's custom profile fields, in display order, as a real server (level 372) lists them. */
export function listProfileFields(store: SvcStore) {
  return [...store.profileFields]
    .sort((a, b) => a.order - b.order)
    .map((f) => ({
      id: f.id,
      type: f.type,
      order: f.order,
      name: f.name,
      hint: f.hint,
      field_data: '',
      // `display_in_profile_summary` only where it is true.
      required: false,
      editable_by_user: true,
    }));
}

/** GET /realm/profile_fields: the organization's custom profile fields, in display order. */
export const profileFieldHandlers = [
  userHandler(endpoint({ method: 'GET', path: '/realm/profile_fields', params: {} }), ({ core }) => ({
    custom_fields: listProfileFields(core.store),
  })),
];
