import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { userStatusEventHandlers, userStatusQueryOptions } from './user-status';

describe('userStatusEventHandlers', () => {
  it('invalidates only the status of the user whose status changed', () => {
    const client = new QueryClient();
    client.setQueryData(userStatusQueryOptions(7).queryKey, {});
    client.setQueryData(userStatusQueryOptions(8).queryKey, {});
    userStatusEventHandlers.user_status!({ id: 5, type: 'user_status', user_id: 7, status_text: 'Away' }, client);
    expect(client.getQueryState(userStatusQueryOptions(7).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(userStatusQueryOptions(8).queryKey)?.isInvalidated).toBe(false);
  });
});
