import type { ContractApi, ContractRole } from './recipes';

/** Helpers the recipes share: unique names, a call that must succeed, and the throwaway records recipes make. */

export const unique = (label: string) =>
  `contract ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A call that must succeed (setting up a recipe); its answer. */
export async function ok(api: ContractApi, as: ContractRole, method: string, path: string, params = {}) {
  const { status, body } = await api.call(as, method, path, params);
  if (status !== 200) throw new Error(`${method} ${path} as ${as}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** A fresh topic with two messages by the moderator; its first message's id. */
export async function freshMessage(api: ContractApi): Promise<number> {
  const topic = unique('topic');
  const channel = api.channel('public').name;
  const first = await ok(api, 'moderator', 'POST', '/messages', { type: 'stream', to: channel, topic, content: 'One' });
  await ok(api, 'moderator', 'POST', '/messages', { type: 'stream', to: channel, topic, content: 'Two' });
  return first.id as number;
}

/** A fresh topic of two messages by the moderator in the public channel. */
export async function freshTopic(api: ContractApi): Promise<{ streamId: number; topic: string }> {
  const topic = unique('topic');
  const channel = api.channel('public');
  for (const content of ['One', 'Two'])
    await ok(api, 'moderator', 'POST', '/messages', { type: 'stream', to: channel.name, topic, content });
  return { streamId: channel.stream_id, topic };
}

export async function freshGroup(api: ContractApi): Promise<number> {
  const created = await ok(api, 'admin', 'POST', '/user_groups/create', {
    name: unique('group'),
    description: 'contract',
    members: [api.user('member').user_id],
  });
  return created.group_id as number;
}

/** A throwaway channel the admin creates (the way level 372 creates them); its id. */
export async function freshChannel(api: ContractApi, inviteOnly = false): Promise<number> {
  const name = unique('channel').slice(0, 50);
  await ok(api, 'admin', 'POST', '/users/me/subscriptions', {
    subscriptions: [{ name }],
    ...(inviteOnly ? { invite_only: true } : {}),
  });
  const { streams } = (await ok(api, 'admin', 'GET', '/streams', { include_all: true })) as {
    streams: { stream_id: number; name: string }[];
  };
  return streams.find((s) => s.name === name)!.stream_id;
}
