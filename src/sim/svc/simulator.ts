import { createSvcApp } from './app';
import { addAttachment, uploadLink } from './attachments';
import { SimControl, type SvcSimControl } from './control';
import {
  DEFAULT_HEARTBEAT_SECONDS,
  DEFAULT_LONGPOLL_TIMEOUT_SECONDS,
  DEFAULT_QUEUE_IDLE_SECONDS,
  EventQueues,
} from './event-queues';
import { DROP_CONNECTION_HEADER, SimConnectionDropped } from './errors';
import type { SvcEvent } from './events';
import type { SimCore } from './handler';
import { configureOutgoingWebhook } from './outgoing-webhooks';
import { resetPushState, setPushState } from './push-devices';
import { seedDemoRealm } from './seed-demo-realm';
import { seedTopicMessages } from './seed-messages';
import { SvcStore } from './store';
import {
  DEFAULT_EXPORT_DELAY_MS,
  finishPendingExports,
  setExportDelay,
  stopExportWorker,
} from './handlers/organization-data';

export interface SvcSimOptions {
  /** Default 500 (Zulip 12.2). */
  featureLevel?: number;
  /** Generated people beyond the named demo accounts; default 300. */
  generatedUsers?: number;
  /** Default `demo.test`. */
  realmHost?: string;
  /** Public base URL used in `realm_url`, `realm_icon` and avatar URLs; default `http://127.0.0.1:9991`. */
  baseUrl?: string;
  /** PRNG seed of the demo data; default 1. */
  seed?: number;
  /** Parameters the simulator treats as unknown: ignored and listed in `ignored_parameters_unsupported`. */
  ignoredParameters?: string[];
  /** Mounts the HTTP control API under `/__sim` (for end-to-end tests); default false. */
  controlApi?: boolean;
  /** A long-poll with nothing to deliver answers with a heartbeat after this long; default 60. */
  heartbeatSeconds?: number;
  /** An event queue nobody polls expires after this long (sim clock); default 600. */
  queueIdleSeconds?: number;
  /** `event_queue_longpoll_timeout_seconds` in the register response; default 90. */
  longpollTimeoutSeconds?: number;
  /** The server's support address (a real server's ZULIP_ADMINISTRATOR), named in some refusals. */
  supportEmail?: string;
  /**
   * How long a requested data export stays pending before the simulated worker makes it; default 1500 ms.
   * null: until `finishPendingExports` (tests).
   */
  exportDelayMs?: number | null;
}

export interface SvcSimulator {
  /** Serves `{anything}/api/v1/…` plus the realm icon and avatar images. */
  fetch(request: Request): Promise<Response>;
  control: SvcSimControl;
  store: SvcStore;
  apiKeyOf(email: string): string;
  /** Every event the mutations produced, in order. */
  emitted: SvcEvent[];
  /**
   * Ends pending long-polls (they answer with what their queue holds, usually nothing) and stops the
   * simulator's timers. Idempotent. Later polls answer at once instead of waiting.
   */
  close(): void;
}

export const DEFAULT_FEATURE_LEVEL = 500;
export const SIM_VERSION = '12.2-demo';

function checkLevel(level: number): number {
  if (!Number.isInteger(level) || level < 0) throw new RangeError(`feature level must be a non-negative integer`);
  return level;
}

/** The demo organization's store, seeded and with the options that shape its data applied. */
function createDemoStore(options: SvcSimOptions, baseUrl: string, control: SimControl): SvcStore {
  const realmHost = options.realmHost ?? 'demo.test';
  const store = new SvcStore(
    {
      id: 2,
      name: 'Demo Organization',
      description:
        '<p>The demo organization of <strong>Realm Console</strong>. Everything here is simulated: ' +
        'sign in as <code>owner@demo.test</code>, <code>admin@demo.test</code> or any other demo account.</p>',
      host: realmHost,
      baseUrl,
    },
    checkLevel(options.featureLevel ?? DEFAULT_FEATURE_LEVEL),
    () => control.now(),
  );
  seedDemoRealm(store, { seed: options.seed ?? 1, generatedUsers: options.generatedUsers ?? 300 });
  if (options.supportEmail !== undefined) store.supportEmail = options.supportEmail;
  if (options.exportDelayMs !== undefined) setExportDelay(store, options.exportDelayMs);
  return store;
}

/** `sim.control`: what tests (and the HTTP control API) may change in a running simulator. */
function controlSurface(core: SimCore, options: SvcSimOptions): SvcSimControl {
  const { store, control, queues } = core;
  return {
    setFeatureLevel: (level) => {
      store.featureLevel = checkLevel(level);
    },
    failNext: (count, status, mode, match) => control.failNext(count, status, mode, match),
    setLatency: (ms) => control.setLatency(ms),
    holdRegister: (hold) => control.registerHold.set(hold),
    setBaseUrl: (url) => {
      // Known only once a server listens (port 0 picks a free one).
      const clean = url.replace(/\/+$/, '');
      store.realm.baseUrl = clean;
      core.settings.baseUrl = clean;
    },
    now: () => control.now(),
    advance: (ms) => control.advance(ms),
    expireQueues: () => queues.expireAll(),
    setHeartbeatSeconds: (seconds) => queues.setHeartbeatSeconds(seconds),
    queueCount: () => queues.count(),
    pendingPollCount: () => queues.pendingPolls(),
    setIgnoredParameters: (names) => {
      core.settings.ignoredParameters = [...names];
    },
    setPushState: (change) => setPushState(store, change),
    resetPushState: () => resetPushState(store),
    setRealmFlags: (flags) => {
      if (flags.owner_full_content_access !== undefined) {
        store.realmSettings.owner_full_content_access = flags.owner_full_content_access;
      }
    },
    setExportWorker: (mode) => {
      if (mode === 'hold') setExportDelay(store, null);
      else if (mode === 'auto') setExportDelay(store, options.exportDelayMs ?? DEFAULT_EXPORT_DELAY_MS);
      else finishPendingExports(store, mode === 'fail' ? 'failed' : 'succeeded');
    },
    seedTopic: (input) => seedTopicMessages(store, input),
    addUpload: (input) => {
      const owner = store.users.find((u) => u.deliveryEmail === input.email && u.isActive);
      if (!owner) throw new RangeError(`No active user ${input.email}`);
      const safe = input.name.replace(/[^\w.-]/g, '_');
      const attachment = addAttachment(store, {
        ownerId: owner.user_id,
        name: input.name,
        pathId: `${store.realm.id}/7f/up${store.nextAttachmentId}load/${safe}`,
        size: input.size,
        createTime: control.now(),
      });
      return { id: attachment.id, path_id: attachment.pathId, link: uploadLink(attachment) };
    },
    setOutgoingWebhook: (input) => configureOutgoingWebhook(store, input.botEmail, input.url),
  };
}

export function createSvcSimulator(options: SvcSimOptions = {}): SvcSimulator {
  const control = new SimControl();
  const baseUrl = (options.baseUrl ?? 'http://127.0.0.1:9991').replace(/\/+$/, '');
  const store = createDemoStore(options, baseUrl, control);
  const queues = new EventQueues(store, () => control.now(), {
    heartbeatSeconds: options.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS,
    queueIdleSeconds: options.queueIdleSeconds ?? DEFAULT_QUEUE_IDLE_SECONDS,
  });
  const longpollTimeoutSeconds = options.longpollTimeoutSeconds ?? DEFAULT_LONGPOLL_TIMEOUT_SECONDS;
  if (!Number.isInteger(longpollTimeoutSeconds) || longpollTimeoutSeconds <= 0) {
    throw new RangeError('longpollTimeoutSeconds must be a positive integer');
  }

  const core: SimCore = {
    store,
    control,
    queues,
    settings: {
      baseUrl,
      version: SIM_VERSION,
      ignoredParameters: [...(options.ignoredParameters ?? [])],
      longpollTimeoutSeconds,
    },
  };
  const surface = controlSurface(core, options);
  const app = createSvcApp(core, options.controlApi ? { controlApi: surface } : {});

  return {
    fetch: async (request) => {
      const response = await app.fetch(request);
      // An injected reset: in-process callers get fetch's network error; the HTTP server destroys the socket.
      if (response.headers.has(DROP_CONNECTION_HEADER)) throw new SimConnectionDropped();
      return response;
    },
    control: surface,
    store,
    apiKeyOf: (email) => {
      const user = store.userByDeliveryEmail(email);
      if (!user) throw new Error(`No simulated user with email ${email}`);
      return user.apiKey;
    },
    emitted: store.emitted,
    close: () => {
      queues.close();
      stopExportWorker(store);
    },
  };
}
