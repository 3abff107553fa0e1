import { describe, expect, it } from 'vitest';
import { customProfileFieldSchema } from '../../shared/svc';
import { callSim } from './sim-request';
import { createSvcSimulator } from './simulator';

describe('GET /realm/profile_fields', () => {
  it('lists the custom fields in display order for any signed-in user', async () => {
    const sim = createSvcSimulator({ generatedUsers: 0 });
    const res = await callSim(sim, 'GET', '/realm/profile_fields', { as: 'guest@demo.test' });
    expect(res.status).toBe(200);
    const fields = (res.body as { custom_fields: unknown[] }).custom_fields.map((f) =>
      customProfileFieldSchema.parse(f),
    );
    expect(fields.map((f) => f.name)).toEqual(['Phone', 'Biography', 'Pronouns', 'Department']);
    expect(fields.map((f) => f.order)).toEqual([...fields.map((f) => f.order)].sort((a, b) => a - b));
    sim.close();
  });

  it('requires authentication', async () => {
    const sim = createSvcSimulator({ generatedUsers: 0 });
    expect((await callSim(sim, 'GET', '/realm/profile_fields')).status).toBe(401);
    sim.close();
  });
});
