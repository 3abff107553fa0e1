import { endpoint, userHandler } from '../handler';
import { initialState } from '../initial-state';
import { bool, int, json, strList, text } from '../param-spec';
import { capabilitiesValue, includeSubscribersValue, narrowValue } from '../wire-values';

// `zulip_merge_base` joined the register response at this level.
const MERGE_BASE_LEVEL = 88;

export const eventHandlers = [
  // The queue is created and the state read in one synchronous step, so no change falls between them.
  userHandler(
    endpoint({
      method: 'POST',
      path: '/register',
      params: {
        event_types: strList().optional(),
        fetch_event_types: strList().optional(),
        narrow: json(narrowValue).optional(),
        client_capabilities: json(capabilitiesValue).optional(),
        apply_markdown: bool().optional(),
        client_gravatar: bool().optional(),
        slim_presence: bool().optional(),
        include_subscribers: json(includeSubscribersValue).optional(),
        all_public_streams: bool().optional(),
        include_streams: bool().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store, settings } = core;
      const eventTypes = params.event_types ?? null;
      const clientGravatar = params.client_gravatar ?? true;
      const queue = core.queues.register(me, {
        eventTypes,
        capabilities: { ...params.client_capabilities },
        applyMarkdown: params.apply_markdown ?? false,
        clientGravatar,
        slimPresence: params.slim_presence ?? false,
        includeSubscribers: params.include_subscribers ?? false,
        allPublicStreams: params.all_public_streams ?? false,
        ...(params.narrow ? { narrow: params.narrow } : {}),
      });
      return {
        queue_id: queue.id,
        last_event_id: queue.lastEventId,
        zulip_feature_level: store.featureLevel,
        zulip_version: settings.version,
        ...(store.featureLevel >= MERGE_BASE_LEVEL ? { zulip_merge_base: settings.version } : {}),
        ...initialState(core, me, params.fetch_event_types ?? eventTypes, {
          clientGravatar,
          capabilities: params.client_capabilities ?? {},
          includeSubscribers: params.include_subscribers === true,
          slimPresence: params.slim_presence ?? false,
        }),
      };
    },
  ),

  userHandler(
    endpoint({
      method: 'GET',
      path: '/events',
      params: { queue_id: text(), last_event_id: int().optional(), dont_block: bool().optional() },
    }),
    async ({ core, me, params, request }) => {
      const queue = core.queues.lookup(params.queue_id, me);
      const events = await core.queues.getEvents(queue, {
        lastEventId: params.last_event_id,
        dontBlock: params.dont_block ?? false,
        signal: request.signal,
      });
      return { events };
    },
  ),

  userHandler(endpoint({ method: 'DELETE', path: '/events', params: { queue_id: text() } }), ({ core, me, params }) => {
    core.queues.delete(core.queues.lookup(params.queue_id, me));
    return {};
  }),
];
