import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

/** Level 480: details, subscribers and topics of archived channels can be read; before, they were not found. */

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const MEMBER = 'member@demo.test';
const archived = () => sim.store.channels.find((c) => c.name === 'legacy-releases')!;
const reads = (id: number) => [`/streams/${id}`, `/streams/${id}/members`, `/users/me/${id}/topics`];

describe('reading an archived channel', () => {
  it('is refused as an unknown channel below level 480', async () => {
    sim.control.setFeatureLevel(479);
    for (const path of reads(archived().stream_id)) {
      const { status, body } = await callSim(sim, 'GET', path, { as: MEMBER });
      expect(status).toBe(400);
      expect(body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    }
  });

  it('answers from level 480', async () => {
    sim.control.setFeatureLevel(480);
    const channel = archived();
    const detail = await callSim(sim, 'GET', `/streams/${channel.stream_id}`, { as: MEMBER });
    expect(detail.body.stream).toMatchObject({ stream_id: channel.stream_id, is_archived: true });
    const members = await callSim(sim, 'GET', `/streams/${channel.stream_id}/members`, { as: MEMBER });
    expect(members.body.subscribers).toContain(sim.store.userByDeliveryEmail(MEMBER)!.user_id);
    const topics = await callSim(sim, 'GET', `/users/me/${channel.stream_id}/topics`, { as: MEMBER });
    expect(topics.body).toMatchObject({ result: 'success', topics: expect.any(Array) });
  });

  it('still refuses channels the caller may not see, at any level', async () => {
    sim.control.setFeatureLevel(480);
    const leadership = sim.store.channels.find((c) => c.name === 'leadership')!;
    leadership.isArchived = true;
    const { body } = await callSim(sim, 'GET', `/streams/${leadership.stream_id}`, { as: MEMBER });
    expect(body.msg).toBe('Invalid channel ID');
  });
});
