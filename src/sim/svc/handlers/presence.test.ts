import { afterEach, describe, expect, it } from 'vitest';
import { svcOps } from '../../../shared/svc';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

const sims: SvcSimulator[] = [];
function newSim(seed = 1): SvcSimulator {
  const sim = createSvcSimulator({ generatedUsers: 300, seed });
  sims.push(sim);
  return sim;
}
afterEach(() => {
  for (const sim of sims.splice(0)) sim.close();
});

const DAY = 86_400;

interface Report {
  status: string;
  timestamp: number;
}

describe('GET /realm/presence', () => {
  it('answers the documented shape, keyed by API email, for active humans who ever connected', async () => {
    const sim = newSim();
    const { status, body } = await callSim(sim, 'GET', '/realm/presence', { as: 'member@demo.test' });
    expect(status).toBe(200);
    expect(svcOps.getRealmPresence.response.safeParse(body).success).toBe(true);
    const presences = body.presences as Record<string, Record<string, Report & { client: string }>>;
    const member = presences['member@demo.test']!;
    expect(Object.keys(member).sort()).toEqual(['aggregated', 'website']);
    expect(member.website).toMatchObject({ client: 'website', pushable: false });
    expect(member.aggregated!.timestamp).toBe(member.website!.timestamp);
    // The guest never signed in; bots and deactivated users are not listed.
    expect(presences['guest@demo.test']).toBeUndefined();
    for (const user of sim.store.users.filter((u) => u.isBot || !u.isActive)) {
      expect(presences[user.apiEmail]).toBeUndefined();
    }
    expect(typeof body.server_timestamp).toBe('number');
  });

  it('seeds a deterministic spread: today, a month, months, over a year, never', async () => {
    const sim = newSim();
    const now = sim.control.now() / 1000;
    const humans = sim.store.users.filter((u) => !u.isBot && u.isActive);
    const ages = humans.map((u) => {
      const row = sim.store.presence.get(u.user_id);
      return row ? (now - Math.max(row.activeTimestamp, row.idleTimestamp)) / DAY : null;
    });
    const count = (pred: (age: number | null) => boolean) => ages.filter(pred).length;
    expect(count((a) => a !== null && a < 1)).toBeGreaterThan(50);
    expect(count((a) => a !== null && a >= 28 && a < 33)).toBeGreaterThan(20);
    expect(count((a) => a !== null && a >= 98 && a < 103)).toBeGreaterThan(10);
    expect(count((a) => a !== null && a >= 398 && a < 403)).toBeGreaterThan(5);
    expect(count((a) => a === null)).toBeGreaterThan(10);
    // Inactive for more than 90 days: the owner (the only one) and the administrator are among them.
    const byEmail = (email: string) => sim.store.userByDeliveryEmail(email)!.user_id;
    const age = (email: string) => now - sim.store.presence.get(byEmail(email))!.activeTimestamp;
    expect(age('owner@demo.test')).toBeGreaterThan(90 * DAY);
    expect(age('admin@demo.test')).toBeGreaterThan(90 * DAY);
    expect(sim.store.presence.has(byEmail('guest@demo.test'))).toBe(false);

    const again = newSim();
    const same = [...again.store.presence.keys()];
    expect(same).toEqual([...sim.store.presence.keys()]);
  });

  it('drops a user while deactivated', async () => {
    const sim = newSim();
    const member = sim.store.userByDeliveryEmail('member@demo.test')!;
    await callSim(sim, 'DELETE', `/users/${member.user_id}`, { as: 'admin@demo.test' });
    const { body } = await callSim(sim, 'GET', '/realm/presence', { as: 'admin@demo.test' });
    expect((body.presences as Record<string, unknown>)['member@demo.test']).toBeUndefined();
  });
});

describe('GET /users/{user_id_or_email}/presence', () => {
  it('answers by ID or email; a user never seen is an error', async () => {
    const sim = newSim();
    // The legacy format the console's schema reads (the modern one from level 487: see below).
    sim.control.setFeatureLevel(486);
    const member = sim.store.userByDeliveryEmail('member@demo.test')!;
    const byId = await callSim(sim, 'GET', `/users/${member.user_id}/presence`, { as: 'admin@demo.test' });
    expect(byId.status).toBe(200);
    expect(svcOps.getUserPresence.response.safeParse(byId.body).success).toBe(true);
    const byEmail = await callSim(sim, 'GET', '/users/member@demo.test/presence', { as: 'admin@demo.test' });
    expect(byEmail.body.presence).toEqual(byId.body.presence);

    const never = await callSim(sim, 'GET', '/users/guest@demo.test/presence', { as: 'admin@demo.test' });
    expect(never.status).toBe(400);
    expect(never.body).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'No presence data for guest@demo.test',
    });
    const unknown = await callSim(sim, 'GET', '/users/999999/presence', { as: 'admin@demo.test' });
    expect(unknown.body).toMatchObject({ msg: 'No such user' });
  });

  it('answers only the modern format from level 487, the per-client one below', async () => {
    const sim = newSim();
    const member = sim.store.userByDeliveryEmail('member@demo.test')!;
    const row = sim.store.presence.get(member.user_id)!;
    const get = async (level: number) => {
      sim.control.setFeatureLevel(level);
      return (await callSim(sim, 'GET', `/users/${member.user_id}/presence`, { as: 'admin@demo.test' })).body;
    };
    expect(await get(487)).toEqual({
      result: 'success',
      msg: '',
      presence: { active_timestamp: row.activeTimestamp, idle_timestamp: row.idleTimestamp },
    });
    const older = (await get(486)).presence as Record<string, Report>;
    expect(Object.keys(older).sort()).toEqual(['aggregated', 'website']);
    expect(older.aggregated!.timestamp).toBe(Math.max(row.activeTimestamp, row.idleTimestamp));
    // Refusals are the same at both levels.
    sim.control.setFeatureLevel(487);
    const never = await callSim(sim, 'GET', '/users/guest@demo.test/presence', { as: 'admin@demo.test' });
    expect(never.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'No presence data for guest@demo.test' });
  });
});
