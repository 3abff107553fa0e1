import { afterEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '.';
import { formatAttachment } from './attachments';

const sims: SvcSimulator[] = [];
afterEach(() => {
  for (const sim of sims.splice(0)) sim.close();
});

function seeded(level: number) {
  const sim = createSvcSimulator({ generatedUsers: 0, featureLevel: level });
  sims.push(sim);
  const upload = [...sim.store.attachments.values()].find((a) => a.name === 'icon-set-v2.png')!;
  const linking = [...sim.store.messages.values()].find((m) => m.content.includes(upload.pathId))!;
  return { sim, upload, linking };
}

describe('attachment records by level', () => {
  it('below 443: times in milliseconds, linking messages as {id, date_sent}', () => {
    const { sim, upload, linking } = seeded(442);
    expect(formatAttachment(sim.store, upload)).toEqual({
      id: upload.id,
      name: upload.name,
      path_id: upload.pathId,
      size: upload.size,
      create_time: upload.createTime,
      messages: [{ id: linking.id, date_sent: linking.timestamp * 1000 }],
    });
  });

  it('from 443: times in seconds, still {id, date_sent} until 472', () => {
    const { sim, upload, linking } = seeded(443);
    const record = formatAttachment(sim.store, upload);
    expect(record.create_time).toBe(Math.floor(upload.createTime / 1000));
    expect(record.messages).toEqual([{ id: linking.id, date_sent: linking.timestamp }]);
    sim.control.setFeatureLevel(471);
    expect(formatAttachment(sim.store, upload)).toHaveProperty('messages');
  });

  it('from 472: the linking messages by ID only (`message_ids`, no `messages`)', () => {
    const { sim, upload, linking } = seeded(472);
    const record = formatAttachment(sim.store, upload);
    expect(record.message_ids).toEqual([linking.id]);
    expect(record).not.toHaveProperty('messages');
    expect(record.create_time).toBe(Math.floor(upload.createTime / 1000));
  });

  it.each([
    [442, { create_time: 'ms', messages: [] }],
    [471, { create_time: 's', messages: [] }],
    [472, { create_time: 's', message_ids: [] }],
  ] as const)('spells detached_uploads of a message edit at level %i', async (level, expected) => {
    const { sim, upload, linking } = seeded(level);
    const owner = sim.store.user(upload.ownerId)!;
    sim.store.realmSettings.message_content_edit_limit_seconds = null;
    const res = await callSim(sim, 'PATCH', `/messages/${linking.id}`, {
      as: owner.deliveryEmail,
      params: { content: 'No file any more.' },
    });
    const { create_time, ...rest } = expected;
    expect(res.body.detached_uploads).toEqual([
      {
        id: upload.id,
        name: upload.name,
        path_id: upload.pathId,
        size: upload.size,
        create_time: create_time === 'ms' ? upload.createTime : Math.floor(upload.createTime / 1000),
        ...rest,
      },
    ]);
  });
});
