import { beforeEach, describe, expect, it } from 'vitest';
import { draftsEventSchema, savedSnippetsEventSchema } from '../../../shared/svc/drafts';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';
import { shapeEventFor } from '../event-routing';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const ME = 'member@demo.test';
const PREFS = { clientGravatar: true, applyMarkdown: true, capabilities: {} };

async function myDrafts(as = ME) {
  const { body } = await callSim(sim, 'GET', '/drafts', { as });
  return body.drafts as { id: number; type: string; to: number[]; topic: string; content: string; timestamp: number }[];
}

function createDrafts(drafts: unknown[], as = ME) {
  return callSim(sim, 'POST', '/drafts', { as, params: { drafts } });
}

describe('drafts', () => {
  it('lists only the caller’s drafts, most recently edited first', async () => {
    const drafts = await myDrafts();
    const member = sim.store.userByDeliveryEmail(ME)!;
    expect(drafts.length).toBeGreaterThan(0);
    expect(
      sim.store.drafts
        .filter((d) => d.ownerId === member.user_id)
        .map((d) => d.id)
        .sort(),
    ).toEqual(drafts.map((d) => d.id).sort());
    const times = drafts.map((d) => d.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('creates drafts, fills in the timestamp and announces them to the owner only', async () => {
    const { status, body } = await createDrafts([{ type: '', to: [5], topic: 'x', content: 'Hi' }]);
    expect(status).toBe(200);
    const [id] = body.ids as number[];
    const event = sim.store.emitted.at(-1)!;
    const parsed = draftsEventSchema.parse({
      id: 0,
      ...shapeEventFor(sim.store, event, sim.store.userByDeliveryEmail(ME)!, PREFS),
    });
    expect(parsed).toMatchObject({ op: 'add', drafts: [{ id, type: '', to: [], topic: '', content: 'Hi' }] });
    expect(parsed).not.toHaveProperty('owner_id');
    expect(shapeEventFor(sim.store, event, sim.store.userByDeliveryEmail('admin@demo.test')!, PREFS)).toBeNull();
  });

  it('refuses a channel draft without exactly one channel, null bytes, and an id', async () => {
    for (const to of [[], [1, 2]]) {
      const { status, body } = await createDrafts([{ type: 'stream', to, topic: 't', content: 'c' }]);
      expect(status).toBe(400);
      expect(body.msg).toBe('Must specify exactly 1 channel ID for channel messages.');
    }
    const nul = await createDrafts([{ type: '', to: [], topic: '', content: 'a\u0000b' }]);
    expect(nul.body.msg).toBe('Content must not contain null bytes');
    const withId = await createDrafts([{ id: 3, type: '', to: [], topic: '', content: 'c' }]);
    expect(withId.status).toBe(400);
  });

  it('edits and deletes; someone else’s or a deleted draft does not exist', async () => {
    const [first] = await myDrafts();
    const draft = { type: 'stream', to: [2], topic: 'new', content: 'Edited' };
    expect((await callSim(sim, 'PATCH', `/drafts/${first!.id}`, { as: ME, params: { draft } })).status).toBe(200);
    expect((await myDrafts()).find((d) => d.id === first!.id)).toMatchObject(draft);
    const other = await callSim(sim, 'PATCH', `/drafts/${first!.id}`, { as: 'admin@demo.test', params: { draft } });
    expect(other.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Draft does not exist' });
    expect((await callSim(sim, 'DELETE', `/drafts/${first!.id}`, { as: ME })).status).toBe(200);
    const again = await callSim(sim, 'PATCH', `/drafts/${first!.id}`, { as: ME, params: { draft } });
    expect(again.body.msg).toBe('Draft does not exist');
    expect(sim.store.emitted.at(-1)).toMatchObject({ type: 'drafts', op: 'remove', draft_id: first!.id });
  });

  it('refuses to store drafts when the user turned synchronization off', async () => {
    const member = sim.store.userByDeliveryEmail(ME)!;
    sim.store.personalSettings.set(member.user_id, { enable_drafts_synchronization: false });
    const { body } = await createDrafts([{ type: '', to: [], topic: '', content: 'c' }]);
    expect(body.msg).toBe('User has disabled synchronizing drafts.');
  });
});

describe('saved snippets', () => {
  it('creates, edits, lists and deletes, with the server’s messages', async () => {
    const empty = await callSim(sim, 'POST', '/saved_snippets', { as: ME, params: { title: ' ', content: 'x' } });
    expect(empty.body.msg).toBe('title cannot be blank');
    const { body } = await callSim(sim, 'POST', '/saved_snippets', { as: ME, params: { title: 'T', content: 'C' } });
    const id = body.saved_snippet_id as number;
    expect(savedSnippetsEventSchema.parse({ id: 0, ...sim.store.emitted.at(-1) })).toMatchObject({ op: 'add' });
    await callSim(sim, 'PATCH', `/saved_snippets/${id}`, { as: ME, params: { title: 'T2' } });
    const list = (await callSim(sim, 'GET', '/saved_snippets', { as: ME })).body.saved_snippets as { id: number }[];
    expect(list.find((s) => s.id === id)).toMatchObject({ title: 'T2', content: 'C' });
    expect((await callSim(sim, 'DELETE', `/saved_snippets/${id}`, { as: ME })).status).toBe(200);
    const gone = await callSim(sim, 'PATCH', `/saved_snippets/${id}`, { as: ME, params: { title: 'x' } });
    expect(gone.body.msg).toBe('Saved snippet does not exist.');
  });

  it('has no edit endpoint before level 368', async () => {
    const old = createSvcSimulator({ generatedUsers: 0, featureLevel: 300 });
    const { status } = await callSim(old, 'PATCH', '/saved_snippets/1', { as: ME, params: { title: 'x' } });
    expect(status).toBe(404);
  });
});

describe('GET /streams', () => {
  it('hides private channels from non-subscribers and archived ones unless asked', async () => {
    const names = async (as: string, params = {}) =>
      ((await callSim(sim, 'GET', '/streams', { as, params })).body.streams as { name: string }[]).map((s) => s.name);
    expect(await names(ME)).not.toContain('leadership');
    expect(await names('admin@demo.test')).toContain('leadership');
    expect(await names(ME)).not.toContain('legacy-releases');
    expect(await names(ME, { exclude_archived: false })).toContain('legacy-releases');
  });
});
