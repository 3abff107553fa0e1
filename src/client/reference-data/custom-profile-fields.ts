import { queryOptions } from '@tanstack/react-query';
import { svcOps } from '../../shared/svc/catalog';
import { customProfileFieldsEventSchema } from '../../shared/svc/profile-fields';
import { replaceFromEvent, type EventHandlers } from '../event-handlers';
import { svc } from '../svc-client';

/** Every custom profile fields key starts here; a change to the definitions invalidates it. */
export const profileFieldsRootKey = ['profile-fields'] as const;

/**
 * The organization's custom profile field definitions (`svcOps.getCustomProfileFields`), in display order: one
 * copy for the fields page and for the names beside people's values on the users page.
 */
export function profileFieldsQueryOptions() {
  return queryOptions({
    queryKey: [...profileFieldsRootKey, 'list'] as const,
    queryFn: async ({ signal }) =>
      [...(await svc(svcOps.getCustomProfileFields, {}, { signal })).custom_fields].sort((a, b) => a.order - b.order),
  });
}

/** `custom_profile_fields` carries the whole list: it replaces the cached one (see replaceFromEvent). */
export const profileFieldsEventHandlers: EventHandlers = {
  custom_profile_fields: (raw, client) => {
    const event = customProfileFieldsEventSchema.safeParse(raw);
    if (!event.success) return;
    replaceFromEvent(
      client,
      profileFieldsQueryOptions().queryKey,
      [...event.data.fields].sort((a, b) => a.order - b.order),
    );
  },
};
