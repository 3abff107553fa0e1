import { SimControl } from './control';
import type { SvcEvent } from './events';
import { createSvcApp } from './app';
import type { SimCore } from './handler';
import { seedDemoRealm } from './seed-demo-realm';
import { SvcStore } from './store';

export interface SvcSimOptions {
  /** Default 420. */
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
}

export interface SvcSimulator {
  /** Serves `{anything}/api/v1/…` plus the realm icon and avatar images. */
  fetch(request: Request): Promise<Response>;
  control: {
    setFeatureLevel(level: number): void;
    /** The next `count` API calls answer `status` (default 500) with an error envelope. */
    failNext(count: number, status?: number): void;
    /** Added delay on every API call. */
    setLatency(ms: number): void;
    /** The public base URL used in realm_url, realm_icon and avatar URLs. */
    setBaseUrl(url: string): void;
    /** The simulator's clock in ms. */
    now(): number;
    advance(ms: number): void;
  };
  store: SvcStore;
  apiKeyOf(email: string): string;
  /** Every event the mutations produced, in order. */
  emitted: SvcEvent[];
}

export const DEFAULT_FEATURE_LEVEL = 420;
export const SIM_VERSION = '11.0-demo';

function checkLevel(level: number): number {
  if (!Number.isInteger(level) || level < 0) throw new RangeError(`feature level must be a non-negative integer`);
  return level;
}

export function createSvcSimulator(options: SvcSimOptions = {}): SvcSimulator {
  const control = new SimControl();
  const realmHost = options.realmHost ?? 'demo.test';
  const baseUrl = (options.baseUrl ?? 'http://127.0.0.1:9991').replace(/\/+$/, '');
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

  const core: SimCore = {
    store,
    control,
    settings: { baseUrl, version: SIM_VERSION, ignoredParameters: [...(options.ignoredParameters ?? [])] },
  };
  const app = createSvcApp(core);

  return {
    fetch: async (request) => app.fetch(request),
    control: {
      setFeatureLevel: (level) => {
        store.featureLevel = checkLevel(level);
      },
      failNext: (count, status) => control.failNext(count, status),
      setLatency: (ms) => control.setLatency(ms),
      setBaseUrl: (url) => {
        // Known only once a server listens (port 0 picks a free one).
        const clean = url.replace(/\/+$/, '');
        store.realm.baseUrl = clean;
        core.settings.baseUrl = clean;
      },
      now: () => control.now(),
      advance: (ms) => control.advance(ms),
    },
    store,
    apiKeyOf: (email) => {
      const user = store.userByDeliveryEmail(email);
      if (!user) throw new Error(`No simulated user with email ${email}`);
      return user.apiKey;
    },
    emitted: store.emitted,
  };
}
