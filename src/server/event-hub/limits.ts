import type { z } from 'zod';
import type { ServerLimits } from '../../shared/bff/protocol';
import type { svcOps } from '../../shared/svc/catalog';

type RegisterResponse = z.output<(typeof svcOps)['registerQueue']['response']>;

/** The maxima the server reports at registration, for the SPA's forms (absent field → null). */
export function limitsFromRegister(r: RegisterResponse): ServerLimits {
  return {
    maxTopicLength: r.max_topic_length ?? null,
    maxMessageLength: r.max_message_length ?? null,
    maxStreamNameLength: r.max_stream_name_length ?? null,
    maxStreamDescriptionLength: r.max_stream_description_length ?? null,
    realmEmptyTopicDisplayName: r.realm_empty_topic_display_name ?? null,
  };
}
