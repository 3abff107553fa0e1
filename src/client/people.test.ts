// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../testing/msw-sim';
import { selectPeople, type Person } from './people';
import { usersListEventHandlers, usersQueryOptions } from './reference-data/users';
import { createQueryClient } from './query-client';

const env = setupSimServer({ as: 'admin@demo.test' });

function countUsersReads(): () => number {
  let reads = 0;
  env.server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/bff/svc/users') reads++;
  });
  return () => reads;
}

const names = (people: Person[]) => people.map((p) => p.full_name);
const bots = (people: Person[]) => people.filter((p) => p.is_bot);

describe('the people directory', () => {
  it('is read once for every page that names people, each taking what it needs', async () => {
    const reads = countUsersReads();
    const client = createQueryClient();
    const a = new QueryObserver(client, { ...usersQueryOptions(), select: selectPeople(names) });
    const b = new QueryObserver(client, { ...usersQueryOptions(), select: selectPeople(bots) });
    const stopA = a.subscribe(() => undefined);
    const stopB = b.subscribe(() => undefined);
    await expect.poll(() => a.getCurrentResult().data && b.getCurrentResult().data).toBeTruthy();
    expect(reads()).toBe(1);
    // One cache entry: the users page reads the very same list.
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([usersQueryOptions().queryKey]);
    expect(selectPeople(names)).toBe(selectPeople(names));
    expect(a.getCurrentResult().data).toContain('Mia Member');
    expect(b.getCurrentResult().data!.every((p) => p.is_bot)).toBe(true);
    const mia = selectPeople()(client.getQueryData(usersQueryOptions().queryKey)!).find(
      (p) => p.full_name === 'Mia Member',
    )!;
    // The real address, which an admin is shown.
    expect(mia.email).toBe('member@demo.test');
    stopA();
    stopB();
  });

  it('takes a change to one person in place, and reads everyone again when someone joins', async () => {
    const reads = countUsersReads();
    const client = createQueryClient();
    const observer = new QueryObserver(client, { ...usersQueryOptions(), select: selectPeople(names) });
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data).toContain('Mia Member');
    const mia = env.sim.store.userByDeliveryEmail('member@demo.test')!;
    const update = (person: Record<string, unknown>) =>
      usersListEventHandlers.realm_user!({ type: 'realm_user', id: 1, op: 'update', person }, client);

    update({ user_id: mia.user_id, full_name: 'Mia Renamed' });
    update({ user_id: mia.user_id, avatar_url: 'https://example.test/a.png', avatar_version: 9 });
    expect(observer.getCurrentResult().data).toContain('Mia Renamed');
    expect(observer.getCurrentResult().data).not.toContain('Mia Member');
    expect(reads()).toBe(1);

    // An update the list cannot place (a field it does not know) reads it again, as does someone joining.
    mia.fullName = 'Mia From Server';
    update({ user_id: mia.user_id, something_new: 1 });
    await expect.poll(() => observer.getCurrentResult().data).toContain('Mia From Server');
    expect(reads()).toBe(2);
    usersListEventHandlers.realm_user!({ type: 'realm_user', id: 2, op: 'add', person: { user_id: 99_999 } }, client);
    await expect.poll(reads).toBe(3);
    stop();
  });
});
