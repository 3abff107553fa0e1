import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_VALUE, sessionInfoSchema } from '../shared/bff/protocol';
import { setupSimServer } from './msw-sim';

const env = setupSimServer({ as: 'admin@demo.test' });
const base = 'http://localhost:3000';

async function session() {
  return sessionInfoSchema.parse(await (await fetch(`${base}/bff/session`)).json());
}

describe('msw handing /bff/* to the real BFF in front of the simulator', () => {
  it('builds the session from the simulator’s own user and server settings', async () => {
    const info = await session();
    expect(info.user).toMatchObject({ fullName: 'Adam Admin', role: 200 });
    expect(info.server?.featureLevel).toBe(500);
    expect(info.demo?.accounts.length).toBeGreaterThan(0);
  });

  it('forwards /bff/svc/* as the signed-in user and returns the simulator’s answer as is', async () => {
    const res = await fetch(`${base}/bff/svc/users/me`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: 'success', full_name: 'Adam Admin' });

    env.signInAs('member@demo.test');
    const me = await (await fetch(`${base}/bff/svc/users/me`)).json();
    expect(me).toMatchObject({ full_name: 'Mia Member' });

    const mia = env.sim.store.userByDeliveryEmail('member@demo.test')!;
    const refused = await fetch(`${base}/bff/svc/users/${mia.user_id}`, {
      method: 'DELETE',
      headers: { [CSRF_HEADER]: CSRF_VALUE },
    });
    expect(refused.ok).toBe(false);
    expect(await refused.json()).toMatchObject({ result: 'error' });
  });

  it('keeps the BFF’s gates: session, CSRF header, catalogued operations', async () => {
    env.signInAs(null);
    expect((await session()).user).toBeNull();
    expect((await fetch(`${base}/bff/svc/users`)).status).toBe(401);

    env.signInAs('admin@demo.test');
    expect((await fetch(`${base}/bff/svc/users/1`, { method: 'DELETE' })).status).toBe(403);
    const unknown = await fetch(`${base}/bff/svc/no_such_operation`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'UNKNOWN_OPERATION' });
  });

  it('signs in and out through the simulator’s credential checks', async () => {
    env.signInAs(null);
    const post = (body: unknown) =>
      fetch(`${base}/bff/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
        body: JSON.stringify(body),
      });
    const wrong = await post({ email: 'owner@demo.test', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ msg: 'Your username or password is incorrect' });

    const ok = await post({ email: 'owner@demo.test', password: 'demo1234' });
    expect(ok.status).toBe(200);
    expect((await session()).user).toMatchObject({ fullName: 'Olivia Owner' });

    const out = await fetch(`${base}/bff/session`, { method: 'DELETE', headers: { [CSRF_HEADER]: CSRF_VALUE } });
    expect(out.status).toBe(204);
    expect((await session()).user).toBeNull();
  });
});
