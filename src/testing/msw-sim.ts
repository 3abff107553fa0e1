import { http } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CSRF_HEADER, CSRF_VALUE } from '../shared/bff/protocol';
import type { ProxySimulator } from '../sim/proxy';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type SvcSimOptions, type SvcSimulator } from '../sim/svc';
import {
  closeTestBffs,
  createTestBff,
  signInSession,
  type TestBff,
  type TestBffOptions,
} from '../server/test-support/test-bff';
import { CookieJar } from './cookie-jar';

export type { SvcSimulator };

export interface SimServerOptions extends Pick<SvcSimOptions, 'featureLevel' | 'generatedUsers'> {
  /** Who each test starts signed in as; null for a signed-out browser. Default `admin@demo.test`. */
  as?: string | null;
  /** A proxy-dashboard simulator behind `/bff/proxy` (the console's key scopes unless given). */
  proxy?: boolean | NonNullable<TestBffOptions['proxy']>;
}

export interface SimServer {
  /** This test's chat simulator: a fresh one, seeded the same way, for every test. */
  readonly sim: SvcSimulator;
  /** This test's proxy-dashboard simulator (only with the `proxy` option). */
  readonly proxySim: ProxySimulator;
  /** This test's console server: the real BFF (`createApp` with its real deps) in front of `sim`. */
  readonly bff: TestBff;
  server: SetupServer;
  /** Signs this test's browser in as `email` (null: out) before its next request, as the sign-in page would. */
  signInAs: (email: string | null) => void;
  /** The signed-in user's email, or null. */
  signedInAs: () => string | null;
  /** Signs `email` in from another browser (not the test's page); returns that session's id and cookie. */
  signInElsewhere: (email: string) => Promise<{ sessionId: string; cookie: string }>;
}

/** The console's session secret in tests: set, so no secret file is generated in a data directory. */
const TEST_SESSION_SECRET = 'component-tests-session-secret-0123456789';

/**
 * The BFF as the browser meets it: every `/bff/*` request the page makes is handed to the real console server
 * (`createApp`, see server/test-support/test-bff.ts) in front of the chat simulator. The harness plays the
 * browser's part only: it keeps the HttpOnly session cookie and sends Origin on mutations, as a browser does.
 */
class TestBrowser {
  private readonly jar = new CookieJar();
  /** Who the browser should be signed in as; a change takes effect before the next request. */
  private wanted: string | null;
  private signedIn: string | null = null;
  private switching: Promise<void> | null = null;

  constructor(
    private readonly bff: () => TestBff,
    as: string | null,
  ) {
    this.wanted = as;
  }

  get email(): string | null {
    return this.wanted;
  }

  signInAs(email: string | null): void {
    this.wanted = email;
  }

  async forward(request: Request): Promise<Response> {
    while (this.wanted !== this.signedIn) {
      this.switching ??= this.switchUser().finally(() => {
        this.switching = null;
      });
      await this.switching;
    }
    const answer = await this.send(request);
    const session = await this.sessionAfter(request, answer);
    if (session !== undefined) this.wanted = this.signedIn = session;
    return answer;
  }

  /** Signs out whoever is signed in and in as the wanted user, through the BFF's own sign-in. */
  private async switchUser(): Promise<void> {
    const target = this.wanted;
    if (this.jar.header()) {
      await this.send(new Request('http://localhost/bff/session', { method: 'DELETE', headers: csrf() }));
    }
    this.jar.clear();
    if (target) {
      const res = await this.send(
        new Request('http://localhost/bff/session', {
          method: 'POST',
          headers: { ...csrf(), 'content-type': 'application/json' },
          body: JSON.stringify({ email: target, password: DEMO_PASSWORD }),
        }),
      );
      if (res.status !== 200) throw new Error(`sign-in ${target}: ${res.status} ${await res.text()}`);
    }
    this.signedIn = target;
  }

  private async send(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    const method = request.method.toUpperCase();
    // A browser names the page's origin on every request that may change something.
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', url.origin);
    const cookie = this.jar.header();
    if (cookie) headers.set('cookie', cookie);
    else headers.delete('cookie');
    // The page's fetch decodes no content-coding here: ask for the answer as it is.
    headers.delete('accept-encoding');
    const body = method === 'GET' || method === 'HEAD' ? undefined : await request.arrayBuffer();
    const answer = await this.bff().app.request(new Request(url, { method, headers, body, signal: request.signal }));
    const setCookies = answer.headers.getSetCookie();
    if (setCookies.length === 0) return answer;
    for (const line of setCookies) this.jar.store(line);
    // The cookie is the browser's business (HttpOnly): the page never sees it.
    const out = new Headers(answer.headers);
    out.delete('set-cookie');
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out });
  }

  /** Who the browser is signed in as after the page's request: unchanged (undefined) unless it signed in or out. */
  private async sessionAfter(request: Request, answer: Response): Promise<string | null | undefined> {
    if (!this.jar.header()) return null;
    const signIn = new URL(request.url).pathname === '/bff/session' && request.method.toUpperCase() === 'POST';
    if (!signIn || !answer.ok) return undefined;
    const body = (await answer.clone().json()) as { user?: { email?: string } | null };
    return body.user?.email ?? null;
  }
}

function csrf(): Record<string, string> {
  return { [CSRF_HEADER]: CSRF_VALUE };
}

/**
 * One msw server per test file (listening before all tests, closed after them) and, for every test, a fresh chat
 * simulator with a fresh real BFF in front of it, and the browser signed in as `as`. Component tests thus
 * exercise the BFF's session, CSRF, catalog and admin gates, not a copy of them. Call it at the top level of a
 * test file.
 */
export function setupSimServer({
  as = 'admin@demo.test',
  featureLevel,
  generatedUsers = 40,
  proxy,
}: SimServerOptions = {}): SimServer {
  const create = () =>
    createTestBff({
      sim: { generatedUsers, ...(featureLevel === undefined ? {} : { featureLevel }) },
      env: {
        SESSION_SECRET: TEST_SESSION_SECRET,
        // A test changes the simulator's settings (feature level, realm name) and expects the next page to
        // read them: nothing is reused between requests.
        SERVER_INFO_TTL_SECONDS: '0',
        // Refused sign-ins answer at once; the throttle's counting is the BFF tests' concern.
        SIGN_IN_DELAY_MS: '0',
      },
      ...(proxy ? { proxy: proxy === true ? {} : proxy } : {}),
      deps: { demo: { accounts: DEMO_ACCOUNTS.map((a) => ({ ...a })), password: DEMO_PASSWORD } },
    });
  // Made on first use and again before each test, so no test sees another's changes.
  let bff: TestBff | null = null;
  const getBff = () => (bff ??= create());
  let browser = new TestBrowser(getBff, as);
  const server = setupServer(http.all('*/bff/*', ({ request }) => browser.forward(request)));
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    bff = create();
    browser = new TestBrowser(getBff, as);
  });
  afterEach(async () => {
    server.resetHandlers();
    // The sessions' event queues are long-polled by the BFF's hub: end them with the test.
    await closeTestBffs();
  });
  afterAll(() => server.close());
  return {
    get sim() {
      return getBff().sim;
    },
    get proxySim() {
      const sim = getBff().proxy?.sim;
      if (!sim) throw new Error('setupSimServer({ proxy: true }) gives the test a proxy simulator.');
      return sim;
    },
    get bff() {
      return getBff();
    },
    server,
    signInAs: (email) => browser.signInAs(email),
    signedInAs: () => browser.email,
    signInElsewhere: async (email) => {
      const { sessionId, cookie } = await signInSession(getBff(), email);
      return { sessionId, cookie };
    },
  };
}
