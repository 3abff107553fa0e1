import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { usersQueryOptions, usersRootKey } from './api/get-users';
import { usersEventHandlers } from './live-events';

// The list's own patching and refetching is tested beside it (src/client/reference-data/users.test.ts).
describe('usersEventHandlers', () => {
  const byEmail = [...usersRootKey, 'by-email', 'member@demo.test'];
  const presence = [...usersRootKey, 'presence'];

  function client() {
    const c = new QueryClient();
    for (const key of [byEmail, presence, usersQueryOptions().queryKey]) c.setQueryData(key, []);
    return c;
  }
  const invalidated = (c: QueryClient, key: readonly unknown[]) => c.getQueryState(key)?.isInvalidated;

  it('reads a lookup by email again when a person changes', () => {
    const c = client();
    usersEventHandlers.realm_user!({ id: 1, type: 'realm_user', op: 'update', person: { user_id: 7 } }, c);
    expect(invalidated(c, byEmail)).toBe(true);
    expect(invalidated(c, presence)).toBe(false);
  });

  it('reads every user record but the list (its own handler does) when someone joins or leaves', () => {
    const c = client();
    usersEventHandlers.realm_user!({ id: 2, type: 'realm_user', op: 'add', person: { user_id: 9 } }, c);
    expect(invalidated(c, byEmail)).toBe(true);
    expect(invalidated(c, presence)).toBe(true);
    expect(invalidated(c, usersQueryOptions().queryKey)).toBe(false);
  });
});
