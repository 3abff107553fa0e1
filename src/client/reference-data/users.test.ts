import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/svc/records';
import { applyUserUpdate, usersListEventHandlers, usersQueryOptions } from './users';

const mia: User = {
  user_id: 7,
  email: 'member@demo.test',
  delivery_email: 'member@demo.test',
  full_name: 'Mia Member',
  date_joined: '2020-01-01T00:00:00+00:00',
  is_active: true,
  is_owner: false,
  is_admin: false,
  is_guest: false,
  is_bot: false,
  bot_type: null,
  role: 400,
  timezone: '',
  avatar_url: null,
  avatar_version: 1,
};
const other: User = { ...mia, user_id: 8, full_name: 'Other', email: 'other@demo.test' };

function clientWith(users: User[]) {
  const client = new QueryClient();
  client.setQueryData(usersQueryOptions().queryKey, users);
  return client;
}

describe('applyUserUpdate', () => {
  it('applies direct fields and derives the role flags', () => {
    expect(applyUserUpdate(mia, { user_id: 7, is_active: false })).toMatchObject({ is_active: false });
    expect(applyUserUpdate(mia, { user_id: 7, role: 200 })).toMatchObject({
      role: 200,
      is_admin: true,
      is_owner: false,
    });
    expect(applyUserUpdate(mia, { user_id: 7, role: 600 })).toMatchObject({ is_guest: true, is_admin: false });
    // An imported account's first sign-in (levels 433 and 475).
    expect(
      applyUserUpdate(
        { ...mia, is_imported_stub: true },
        { user_id: 7, date_joined: '2026-11-28T08:00:00Z', is_imported_stub: false },
      ),
    ).toMatchObject({ date_joined: '2026-11-28T08:00:00Z', is_imported_stub: false });
  });
  it('updates and clears custom profile fields', () => {
    const withField = applyUserUpdate(mia, { user_id: 7, custom_profile_field: { id: 3, value: 'she/her' } })!;
    expect(withField.profile_data?.['3']?.value).toBe('she/her');
    expect(
      applyUserUpdate(withField, { user_id: 7, custom_profile_field: { id: 3, value: null } })!.profile_data,
    ).toEqual({});
  });
  it('refuses what it does not understand', () => {
    expect(applyUserUpdate(mia, { user_id: 7, new_unknown_field: 1 })).toBeNull();
  });
});

describe('usersListEventHandlers', () => {
  it('patches the cached list for an update without refetching', () => {
    const client = clientWith([mia, other]);
    usersListEventHandlers.realm_user!(
      { id: 1, type: 'realm_user', op: 'update', person: { user_id: 7, is_active: false } },
      client,
    );
    const list = client.getQueryData(usersQueryOptions().queryKey)!;
    expect(list.find((u) => u.user_id === 7)?.is_active).toBe(false);
    expect(list.find((u) => u.user_id === 8)).toBe(other);
    expect(client.getQueryState(usersQueryOptions().queryKey)?.isInvalidated).toBe(false);
  });
  it('refetches on add, remove, or an unpatchable update', () => {
    for (const event of [
      { id: 2, type: 'realm_user', op: 'add', person: { user_id: 9 } },
      { id: 3, type: 'realm_user', op: 'remove', person: { user_id: 7 } },
      { id: 4, type: 'realm_user', op: 'update', person: { user_id: 7, mystery: true } },
    ]) {
      const client = clientWith([mia]);
      usersListEventHandlers.realm_user!(event, client);
      expect(client.getQueryState(usersQueryOptions().queryKey)?.isInvalidated).toBe(true);
    }
  });
  it('an update during the first read of the list is not lost: the list is read again after it', async () => {
    // The server: the first read answers the list from before the change, and only once let go.
    let current: User[] = [mia];
    let letGo: () => void = () => undefined;
    let reads = 0;
    const queryFn = () => {
      reads += 1;
      const answer = current;
      return reads === 1 ? new Promise<User[]>((resolve) => (letGo = () => resolve(answer))) : Promise.resolve(answer);
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn } } });
    const { queryKey } = usersQueryOptions();
    // The users page, open while its first read is answered.
    const page = new QueryObserver(client, { queryKey }).subscribe(() => undefined);
    current = [{ ...mia, full_name: 'Mia Renamed' }];
    usersListEventHandlers.realm_user!(
      { id: 5, type: 'realm_user', op: 'update', person: { user_id: 7, full_name: 'Mia Renamed' } },
      client,
    );
    letGo();
    await expect.poll(() => client.getQueryData(queryKey)?.[0]?.full_name).toBe('Mia Renamed');
    expect(reads).toBe(2);
    page();
  });
});
