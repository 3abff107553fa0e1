import { beforeAll, describe, expect, it } from 'vitest';
import { basicAuthHeader, callSim, createSvcSimulator, DEMO_PASSWORD, type SvcSimulator } from '../../sim/svc';
import type { HttpMethod } from '../../shared/svc/wire';
import { readRecordedAnswers } from './real-answers';
import { recipes, type ContractApi, type ContractRole } from './recipes';
import { shapeDrift, shapeOf } from './shape';

const recorded = readRecordedAnswers();

/**
 * Where the simulator still answers differently from the real server, each with what a console user would
 * notice. A new difference fails the test; one fixed here must leave this list too.
 */
/**
 * Organization and server settings a real server's `realm` initial state holds that the simulator does not model:
 * no console page reads them (a common client would: add them to the simulator when the console does).
 */

const KNOWN_DRIFT: Readonly<Record<string, readonly string[]>> = {};

/**
 * The simulator answers the contract's requests as the real Zulip server did (answers recorded by
 * scripts/record-real.ts): the same status, the same error code and message, and answers of the same shape —
 * the same fields, present in the same records, with the same JSON types.
 */
describe(`the simulator against Zulip ${recorded.server.version} (level ${recorded.server.featureLevel})`, () => {
  let sim: SvcSimulator;
  let api: ContractApi;
  beforeAll(() => {
    // The development server's support address (its ZULIP_ADMINISTRATOR), which some refusals name.
    sim = createSvcSimulator({
      featureLevel: recorded.server.featureLevel,
      generatedUsers: 20,
      supportEmail: 'desdemona+admin@zulip.com',
    });
    // The spare account is a generated member, as the real server's is one of its dev members.
    const spare = sim.store.users.find((u) => u.role === 400 && !u.isBot && u.deliveryEmail !== 'member@demo.test')!;
    const email = (role: ContractRole) => (role === 'spare' ? spare.deliveryEmail : `${role}@demo.test`);
    const general = sim.store.channels.find((c) => c.name === 'general')!;
    api = {
      async call(as, method, path, params = {}) {
        const signed =
          as === null
            ? {}
            : typeof as === 'string'
              ? { as: email(as) }
              : { headers: { authorization: basicAuthHeader(email(as.role), as.apiKey) } };
        const { status, body } = await callSim(sim, method as HttpMethod, path, { ...signed, params });
        return { status, body };
      },
      user: (role) => ({ user_id: sim.store.userByDeliveryEmail(email(role))!.user_id, email: email(role) }),
      channel: () => ({ stream_id: general.stream_id, name: general.name }),
      password: () => DEMO_PASSWORD,
      settle: () => Promise.resolve(),
    };
  });

  it.each(recipes.map((r) => [r.name, r] as const))('%s', async (name, recipe) => {
    const real = recorded.answers.find((a) => a.name === name);
    expect(real, `recorded answer for "${name}" (run scripts/record-real.ts)`).toBeDefined();
    const path = await recipe.path(api);
    const params = recipe.params ? await recipe.params(api) : {};
    const { status, body } = await api.call(recipe.as, recipe.method, path, params);
    await recipe.after?.(api);
    const found: string[] = [];
    if (status !== real!.status) found.push(`status ${status}, the real server ${real!.status}`);
    if (real!.status !== 200) {
      for (const key of ['code', 'msg'] as const) {
        if (body[key] !== real!.body[key])
          found.push(`${key} ${JSON.stringify(body[key])}, the real server ${JSON.stringify(real!.body[key])}`);
      }
    }
    found.push(...shapeDrift(shapeOf(real!.body), shapeOf(body), recipe.ignore));
    expect([...found].sort()).toEqual([...(KNOWN_DRIFT[name] ?? [])].sort());
  });
});
