import { describe, expect, it } from 'vitest';
import { svcOps } from '../../shared/svc';
import { basicAuthHeader, createSvcSimulator, DEMO_ACCOUNTS, EMAIL_VISIBILITY, SIM_ORIGIN } from '.';

const snapshot = (seed: number) =>
  createSvcSimulator({ generatedUsers: 200, seed }).store.users.map((u) => [
    u.deliveryEmail,
    u.fullName,
    u.role,
    u.isActive,
    u.timezone,
    u.dateJoined,
    u.apiKey,
  ]);

describe('the demo realm', () => {
  const sim = createSvcSimulator();
  const users = sim.store.users;
  const generated = users.filter(
    (u) => !u.isBot && !u.isImportedStub && !DEMO_ACCOUNTS.some((a) => a.email === u.deliveryEmail),
  );

  it('holds the named accounts, visible to everyone, with the only owner', () => {
    for (const account of DEMO_ACCOUNTS) {
      expect(sim.store.userByDeliveryEmail(account.email)).toMatchObject({
        fullName: account.fullName,
        role: account.role,
        isActive: true,
        emailAddressVisibility: EMAIL_VISIBILITY.everyone,
      });
    }
    expect(users.filter((u) => u.role === 100).map((u) => u.deliveryEmail)).toEqual(['owner@demo.test']);
  });

  it('generates 300 people by default with varied roles, never owners', () => {
    expect(generated).toHaveLength(300);
    const roles = new Set(generated.map((u) => u.role));
    expect([...roles].sort()).toEqual([200, 300, 400, 600]);
    expect(generated.filter((u) => u.role === 400).length).toBeGreaterThan(200);
    for (const u of generated) expect(u.deliveryEmail).toMatch(/^[a-z]+\.[a-z]+\.\d+@demo\.test$/);
  });

  it('deactivates about 5% and mixes visibility, time zones and join dates', () => {
    const inactive = generated.filter((u) => !u.isActive).length;
    expect(inactive).toBeGreaterThanOrEqual(5);
    expect(inactive).toBeLessThanOrEqual(30);
    expect(new Set(generated.map((u) => u.emailAddressVisibility)).size).toBe(5);
    expect(new Set(generated.map((u) => u.timezone)).size).toBeGreaterThan(10);
    const years = new Set(generated.map((u) => u.dateJoined.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(6);
    for (const u of users) expect(u.dateJoined).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
  });

  it('gives some people statuses and profile data', () => {
    expect(generated.filter((u) => sim.store.statuses.has(u.user_id)).length).toBeGreaterThan(10);
    expect(generated.filter((u) => u.profileData.size > 0).length).toBeGreaterThan(100);
  });

  it('has one bot of each type, owned by the administrator', () => {
    const admin = sim.store.userByDeliveryEmail('admin@demo.test');
    const bots = users.filter((u) => u.isBot);
    expect(bots.map((b) => b.botType)).toEqual([1, 2, 3, 4]);
    for (const bot of bots) {
      expect(bot.botOwnerId).toBe(admin?.user_id);
      expect(bot.deliveryEmail).toMatch(/^[a-z-]+-bot@demo\.test$/);
      expect(bot.password).toBeNull();
      expect(bot.profileData.size).toBe(0);
    }
  });

  it('is the same for the same seed and different for another', () => {
    expect(snapshot(7)).toEqual(snapshot(7));
    expect(snapshot(7)).not.toEqual(snapshot(8));
  });

  it('ends with two imported accounts that never signed in', () => {
    const stubs = users.filter((u) => u.isImportedStub);
    expect(stubs.map((u) => u.fullName)).toEqual(['Rosa Delgado', 'Tomás Ferreira']);
    expect(users.slice(-2)).toEqual(stubs);
    for (const stub of stubs) {
      expect(stub).toMatchObject({ isActive: true, isBot: false, role: 400, password: null });
      expect(stub.deliveryEmail).toMatch(/^[a-z]+\.[a-z]+\.imported@demo\.test$/);
      expect(sim.store.presence.has(stub.user_id)).toBe(false);
    }
    expect(generated.every((u) => u.isImportedStub === false)).toBe(true);
  });

  it('gives every user a distinct API key', () => {
    expect(new Set(users.map((u) => u.apiKey)).size).toBe(users.length);
  });

  it('uses the configured realm host', () => {
    const s = createSvcSimulator({ generatedUsers: 3, realmHost: 'chat.example.org' });
    expect(s.store.users.at(-1)?.deliveryEmail).toMatch(/@chat\.example\.org$/);
    expect(s.store.users.find((u) => u.isBot)?.deliveryEmail).toMatch(/@chat\.example\.org$/);
  });
});

describe('a 10,000-user realm', () => {
  // Only what it holds and answers: time budgets (seeding, the listing) live in the benchmarks (`npm run bench`
  // seeds and lists 10,000 users against its budgets), since a test run shares the cores with everything else.
  it('seeds them all and lists every one', async () => {
    const sim = createSvcSimulator({ generatedUsers: 10_000 });
    expect(sim.store.users.length).toBe(10_000 + DEMO_ACCOUNTS.length + 4 + 2);

    const response = await sim.fetch(
      new Request(`${SIM_ORIGIN}/api/v1/users`, {
        headers: { authorization: basicAuthHeader('member@demo.test', sim.apiKeyOf('member@demo.test')) },
      }),
    );
    expect(response.status).toBe(200);
    const body: unknown = JSON.parse(await response.text());
    expect(svcOps.getUsers.response.parse(body).members).toHaveLength(sim.store.users.length);
  });
});
