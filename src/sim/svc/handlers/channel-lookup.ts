import { canReadChannel } from '../channel-access';
import { badRequest } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { text } from '../param-spec';
import type { SimChannel, SimUser, SvcStore } from '../store';

/**
 * A channel by name the way the server's `access_stream_by_name` finds it: the name trimmed and matched without
 * regard to case, live (not archived), and readable by the caller. Anything else is the same refusal, naming the
 * channel as it was asked for, so that a private channel's existence does not leak.
 */
export function accessChannelByName(store: SvcStore, me: SimUser, name: string): SimChannel {
  const wanted = name.trim().toLowerCase();
  const channel = store.channels.find((c) => c.name.toLowerCase() === wanted);
  if (!channel || channel.isArchived || !canReadChannel(store, me, channel))
    throw badRequest(`Invalid channel name '${name}'`);
  return channel;
}

export const channelLookupHandlers: readonly RegisteredHandler[] = [
  // What bots and the official bindings call to turn a channel's name into its ID.
  userHandler(
    endpoint({ method: 'GET', path: '/get_stream_id', params: { stream: text() } }),
    ({ core, me, params }) => ({
      stream_id: accessChannelByName(core.store, me, params.stream).stream_id,
    }),
  ),
];
