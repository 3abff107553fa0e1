import type { EventHandlers } from '../../client/event-handlers';
import { customProfileFieldsEventSchema } from '../../shared/svc/profile-fields';
import { profileFieldsQueryOptions } from './api/get-profile-fields';

/** `custom_profile_fields` carries the whole list: it replaces the cached one. */
export const profileFieldsEventHandlers: EventHandlers = {
  custom_profile_fields: (raw, client) => {
    const event = customProfileFieldsEventSchema.safeParse(raw);
    if (!event.success) return;
    client.setQueryData(
      profileFieldsQueryOptions().queryKey,
      [...event.data.fields].sort((a, b) => a.order - b.order),
    );
  },
};
