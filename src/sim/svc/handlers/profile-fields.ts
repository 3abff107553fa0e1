import { svcOps } from '../../../shared/svc';
import { userHandler } from '../handler';
import { formatProfileField, orderedProfileFields } from './profile-fields-admin';

/** GET /realm/profile_fields: the organization's custom profile fields, in display order. */
export const profileFieldHandlers = [
  userHandler(svcOps.getCustomProfileFields, ({ core }) => ({
    custom_fields: orderedProfileFields(core.store).map(formatProfileField),
  })),
];
