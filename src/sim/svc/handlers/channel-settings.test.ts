import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const idOf = (name: string) => sim.store.channels.find((c) => c.name === name)!.stream_id;
const patch = (id: number, params: Record<string, unknown>, as = 'admin@demo.test') =>
  callSim(sim, 'PATCH', `/streams/${id}`, { as, params });
const since = (before: number) => sim.store.emitted.slice(before);

describe('PATCH /streams/{stream_id}', () => {
  it('renames, describes (one line) and announces each change, as a real server does', async () => {
    const id = idOf('design');
    const before = sim.store.emitted.length;
    expect((await patch(id, { new_name: 'design-review', description: 'Line 1\nline **2**' })).status).toBe(200);
    expect(since(before)).toEqual([
      { type: 'stream', op: 'update', stream_id: id, name: 'design', property: 'name', value: 'design-review' },
      {
        type: 'stream',
        op: 'update',
        stream_id: id,
        name: 'design-review',
        property: 'description',
        value: 'Line 1 line **2**',
        rendered_description: '<p>Line 1 line <strong>2</strong></p>',
      },
    ]);
  });

  it("refuses names the server refuses, in the server's words", async () => {
    const id = idOf('design');
    expect((await patch(id, { new_name: 'design' })).body.msg).toBe('Channel already has that name.');
    expect((await patch(id, { new_name: 'General' })).body.msg).toBe('Channel name is already in use.');
    expect((await patch(id, { new_name: '  ' })).body.msg).toBe("Channel name can't be empty.");
    expect((await patch(id, { new_name: 'y'.repeat(61) })).body.msg).toBe(
      'Channel name too long (limit: 60 characters).',
    );
  });

  it('makes a public channel private with protected history unless told otherwise, and back', async () => {
    const id = idOf('design');
    await patch(id, { is_private: true });
    expect(sim.store.emitted.at(-1)).toMatchObject({
      property: 'invite_only',
      value: true,
      history_public_to_subscribers: false,
      is_web_public: false,
    });
    await patch(id, { is_private: true, history_public_to_subscribers: true });
    expect(sim.store.channel(id)!.historyPublicToSubscribers).toBe(true);
    await patch(id, { is_private: false });
    expect(sim.store.emitted.at(-1)).toMatchObject({ value: false, history_public_to_subscribers: true });
    const bad = await patch(id, { is_private: false, history_public_to_subscribers: false });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid parameters' });
  });

  it('keeps a default channel public', async () => {
    const res = await patch(idOf('general'), { is_private: true });
    expect(res.body.msg).toBe('A default channel cannot be private.');
  });

  it('changes a permission with {new, old}; a stale old is EXPECTATION_MISMATCH', async () => {
    const id = idOf('design');
    const admins = sim.store.systemGroup('role:administrators').id;
    const current = sim.store.channel(id)!.permissions.can_send_message_group;
    const ok = await patch(id, { can_send_message_group: { new: admins, old: current } });
    expect(ok.status).toBe(200);
    expect(sim.store.emitted.at(-1)).toMatchObject({ property: 'can_send_message_group', value: admins });
    const stale = await patch(id, { can_send_message_group: { new: admins, old: current } });
    expect(stale.body).toMatchObject({
      code: 'EXPECTATION_MISMATCH',
      msg: "'old' value does not match the expected value.",
    });
    expect((await patch(id, { can_send_message_group: { new: 99999 } })).body.msg).toBe('Invalid user group');
  });

  it('lets only channel administrators change it; a private channel one cannot see does not exist', async () => {
    const design = await patch(idOf('design'), { description: 'x' }, 'member@demo.test');
    expect(design.body.msg).toBe('You do not have permission to administer this channel.');
    const leadership = await patch(idOf('leadership'), { description: 'x' }, 'member@demo.test');
    expect(leadership.body.msg).toBe('Invalid channel ID');
  });

  it('reports parameters newer than the level as ignored', async () => {
    sim.control.setFeatureLevel(372);
    const res = await patch(idOf('design'), { description: 'x', is_archived: false, folder_id: null });
    expect(res.body.ignored_parameters_unsupported).toEqual(['folder_id', 'is_archived']);
  });
});

describe('archiving and unarchiving', () => {
  it('archives (dropping the channel from the defaults first) and unarchives with is_archived: false', async () => {
    const id = idOf('general');
    const before = sim.store.emitted.length;
    expect((await callSim(sim, 'DELETE', `/streams/${id}`, { as: 'admin@demo.test' })).status).toBe(200);
    const [defaults, deleted] = since(before);
    expect(defaults).toMatchObject({ type: 'default_streams' });
    expect((defaults as { default_streams: number[] }).default_streams).not.toContain(id);
    expect(deleted).toEqual({ type: 'stream', op: 'delete', streams: [{ stream_id: id }], stream_ids: [id] });
    const again = await callSim(sim, 'DELETE', `/streams/${id}`, { as: 'admin@demo.test' });
    expect(again.body.msg).toBe('Channel is already deactivated');
    expect((await patch(id, { is_archived: false })).status).toBe(200);
    expect(sim.store.channel(id)!.isArchived).toBe(false);
  });
});

describe('default channels', () => {
  it('are in the register state as IDs and change with /default_streams (administrators only)', async () => {
    const reg = await callSim(sim, 'POST', '/register', {
      as: 'admin@demo.test',
      params: { fetch_event_types: ['default_streams'] },
    });
    expect(reg.body.realm_default_streams).toEqual([idOf('general'), idOf('announcements')].sort((a, b) => a - b));
    const id = idOf('design');
    const member = await callSim(sim, 'POST', '/default_streams', {
      as: 'member@demo.test',
      params: { stream_id: id },
    });
    expect(member.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    const before = sim.store.emitted.length;
    await callSim(sim, 'POST', '/default_streams', { as: 'admin@demo.test', params: { stream_id: id } });
    await callSim(sim, 'POST', '/default_streams', { as: 'admin@demo.test', params: { stream_id: id } });
    expect(since(before)).toHaveLength(1);
    const priv = await callSim(sim, 'POST', '/default_streams', {
      as: 'admin@demo.test',
      params: { stream_id: idOf('leadership') },
    });
    expect(priv.body.msg).toBe('Private channels cannot be made default.');
    await callSim(sim, 'DELETE', '/default_streams', { as: 'admin@demo.test', params: { stream_id: id } });
    expect(sim.store.channel(id)!.isDefault).toBe(false);
    const unknown = await callSim(sim, 'DELETE', '/default_streams', {
      as: 'admin@demo.test',
      params: { stream_id: 99999 },
    });
    expect(unknown.body.msg).toBe('Invalid channel ID');
  });
});

describe('channel folders', () => {
  it('are created, renamed, archived when empty and reordered by administrators', async () => {
    const created = await callSim(sim, 'POST', '/channel_folders/create', {
      as: 'admin@demo.test',
      params: { name: 'Ops', description: 'Runbooks' },
    });
    const folderId = created.body.channel_folder_id as number;
    expect(sim.store.emitted.at(-1)).toMatchObject({ type: 'channel_folder', op: 'add' });
    await callSim(sim, 'PATCH', `/channel_folders/${folderId}`, { as: 'admin@demo.test', params: { name: 'Ops 2' } });
    expect(sim.store.channelFolder(folderId)!.name).toBe('Ops 2');
    const company = sim.store.channelFolders.find((f) => f.name === 'Company')!.id;
    const busy = await callSim(sim, 'PATCH', `/channel_folders/${company}`, {
      as: 'admin@demo.test',
      params: { is_archived: true },
    });
    expect(busy.body.msg).toBe('You need to remove all the channels from this folder to archive it.');
    const ids = sim.store.channelFolders.map((f) => f.id).reverse();
    const partial = await callSim(sim, 'PATCH', '/channel_folders', { as: 'admin@demo.test', params: { order: [1] } });
    expect(partial.body.msg).toBe('Invalid order mapping');
    await callSim(sim, 'PATCH', '/channel_folders', { as: 'admin@demo.test', params: { order: ids } });
    const listed = await callSim(sim, 'GET', '/channel_folders', {
      as: 'member@demo.test',
      params: { include_archived: true },
    });
    expect((listed.body.channel_folders as { id: number }[]).map((f) => f.id)).toEqual(ids);
  });

  it('do not exist before level 389', async () => {
    sim.control.setFeatureLevel(372);
    const res = await callSim(sim, 'POST', '/channel_folders/create', { as: 'admin@demo.test', params: { name: 'x' } });
    expect(res.status).toBe(404);
  });
});
