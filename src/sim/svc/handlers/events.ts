import { svcOps } from '../../../shared/svc';
import { userHandler } from '../handler';
import { initialState } from '../initial-state';

// `zulip_merge_base` joined the register response at this level.
const MERGE_BASE_LEVEL = 88;

export const eventHandlers = [
  // The queue is created and the state read in one synchronous step, so no change falls between them.
  userHandler(svcOps.registerQueue, ({ core, me, params }) => {
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
    });
    return {
      queue_id: queue.id,
      last_event_id: queue.lastEventId,
      zulip_feature_level: store.featureLevel,
      zulip_version: settings.version,
      ...(store.featureLevel >= MERGE_BASE_LEVEL ? { zulip_merge_base: settings.version } : {}),
      ...initialState(core, me, params.fetch_event_types ?? eventTypes, { clientGravatar }),
    };
  }),

  userHandler(svcOps.getEvents, async ({ core, me, params, request }) => {
    const queue = core.queues.lookup(params.queue_id, me);
    const events = await core.queues.getEvents(queue, {
      lastEventId: params.last_event_id,
      dontBlock: params.dont_block ?? false,
      signal: request.signal,
    });
    return { events };
  }),

  userHandler(svcOps.deleteQueue, ({ core, me, params }) => {
    core.queues.delete(core.queues.lookup(params.queue_id, me));
    return {};
  }),
];
