// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../testing/msw-sim';
import { applyPersonUpdate, peopleEventHandlers, peopleQueryOptions, type Person } from './people';
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
    const a = new QueryObserver(client, { ...peopleQueryOptions, select: names });
    const b = new QueryObserver(client, { ...peopleQueryOptions, select: bots });
    const stopA = a.subscribe(() => undefined);
    const stopB = b.subscribe(() => undefined);
    await expect.poll(() => a.getCurrentResult().data && b.getCurrentResult().data).toBeTruthy();
    expect(reads()).toBe(1);
    expect(a.getCurrentResult().data).toContain('Mia Member');
    expect(b.getCurrentResult().data!.every((p) => p.is_bot)).toBe(true);
    const mia = client.getQueryData(peopleQueryOptions.queryKey)!.find((p) => p.full_name === 'Mia Member')!;
    // The real address, which an admin is shown.
    expect(mia.email).toBe('member@demo.test');
    stopA();
    stopB();
  });

  it('takes a change to one person in place, and reads everyone again when someone joins', async () => {
    const reads = countUsersReads();
    const client = createQueryClient();
    const observer = new QueryObserver(client, { ...peopleQueryOptions, select: names });
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data).toContain('Mia Member');
    const mia = env.sim.store.userByDeliveryEmail('member@demo.test')!;
    const update = (person: Record<string, unknown>) =>
      peopleEventHandlers.realm_user!({ type: 'realm_user', id: 1, op: 'update', person }, client);

    update({ user_id: mia.user_id, full_name: 'Mia Renamed' });
    update({ user_id: mia.user_id, avatar_url: 'https://example.test/a.png', avatar_version: 9 });
    expect(observer.getCurrentResult().data).toContain('Mia Renamed');
    expect(observer.getCurrentResult().data).not.toContain('Mia Member');
    expect(reads()).toBe(1);

    // An update the directory cannot place (the API address alone) reads it again, as does someone joining.
    mia.fullName = 'Mia From Server';
    update({ user_id: mia.user_id, email: 'user99@example.test' });
    await expect.poll(() => observer.getCurrentResult().data).toContain('Mia From Server');
    expect(reads()).toBe(2);
    peopleEventHandlers.realm_user!({ type: 'realm_user', id: 2, op: 'add', person: { user_id: 99_999 } }, client);
    await expect.poll(reads).toBe(3);
    stop();
  });
});

describe('applyPersonUpdate', () => {
  const person: Person = {
    user_id: 7,
    full_name: 'Ann',
    email: 'ann@example.test',
    is_active: true,
    is_bot: false,
    bot_type: null,
    bot_owner_id: null,
    role: 400,
  };

  it('applies what the directory holds and ignores what it does not', () => {
    expect(applyPersonUpdate(person, { user_id: 7, role: 300, is_active: false, timezone: 'UTC' })).toEqual({
      ...person,
      role: 300,
      is_active: false,
    });
    expect(applyPersonUpdate(person, { user_id: 7, delivery_email: 'ann@real.test' })?.email).toBe('ann@real.test');
  });

  it('gives up on what it cannot place', () => {
    expect(applyPersonUpdate(person, { user_id: 7, email: 'api@example.test' })).toBeNull();
    expect(applyPersonUpdate(person, { user_id: 7, delivery_email: null })).toBeNull();
    expect(applyPersonUpdate(person, { user_id: 7, something_new: 1 })).toBeNull();
  });
});
