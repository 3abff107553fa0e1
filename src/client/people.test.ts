// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../testing/msw-sim';
import { peopleEventHandlers, peopleQueryOptions, type Person } from './people';
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

  it('is read again when someone changes', async () => {
    const client = createQueryClient();
    await client.prefetchQuery(peopleQueryOptions);
    const mia = env.sim.store.userByDeliveryEmail('member@demo.test')!;
    const observer = new QueryObserver(client, { ...peopleQueryOptions, select: names });
    const stop = observer.subscribe(() => undefined);
    mia.fullName = 'Mia Renamed';
    peopleEventHandlers.realm_user!({ type: 'realm_user', id: 1 }, client);
    await expect.poll(() => observer.getCurrentResult().data).toContain('Mia Renamed');
    stop();
  });
});
