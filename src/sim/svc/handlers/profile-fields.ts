import { svcOps } from '../../../shared/svc';
import { userHandler } from '../handler';

/** GET /realm/profile_fields: the organization's custom profile fields, in display order. */
export const profileFieldHandlers = [
  userHandler(svcOps.getCustomProfileFields, ({ core }) => ({
    custom_fields: [...core.store.profileFields]
      .sort((a, b) => a.order - b.order)
      .map((f) => ({
        id: f.id,
        type: f.type,
        order: f.order,
        name: f.name,
        hint: f.hint,
        field_data: '',
        // As a real server (level 372) sends them: `display_in_profile_summary` only where it is true.
        required: false,
        editable_by_user: true,
      })),
  })),
];
