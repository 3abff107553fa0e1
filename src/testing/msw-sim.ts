import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CSRF_HEADER, sessionInfoSchema, signInSchema, SVC_PREFIX, type SessionInfo } from '../shared/bff/protocol';
import { bffErrorCodes, errorEnvelope } from '../shared/svc/envelope';
import { featureLevelOf, versionOf } from '../shared/svc/features';
import { matchOperation } from '../shared/svc/match';
import { ownUserSchema, serverSettingsSchema } from '../shared/svc/records';
import { createSvcSimulator, DEMO_ACCOUNTS, DEMO_PASSWORD, type SvcSimOptions, type SvcSimulator } from '../sim/svc';

export type { SvcSimulator };

export interface SimServerOptions extends Pick<SvcSimOptions, 'featureLevel' | 'generatedUsers'> {
  /** Who each test starts signed in as; null for a signed-out browser. Default `admin@demo.test`. */
  as?: string | null;
}

export interface SimServer {
  /** This test's simulator: a fresh one, seeded the same way, for every test. */
  readonly sim: SvcSimulator;
  server: SetupServer;
  signInAs: (email: string | null) => void;
  /** The signed-in user's email, or null. */
  signedInAs: () => string | null;
}

const SIM_ORIGIN = 'http://svc.sim.test';

function basicAuth(email: string, apiKey: string): string {
  const bytes = new TextEncoder().encode(`${email}:${apiKey}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * Asks the simulator as the signed-in user, the way the BFF would. Everything else about the answer
 * (status, envelope) is the simulator's.
 */
async function askSim(sim: SvcSimulator, email: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', basicAuth(email, sim.apiKeyOf(email)));
  return sim.fetch(new Request(`${SIM_ORIGIN}/api/v1${path}`, { ...init, headers }));
}

async function buildSession(sim: SvcSimulator, email: string | null): Promise<SessionInfo> {
  const settingsResponse = await sim.fetch(new Request(`${SIM_ORIGIN}/api/v1/server_settings`));
  const settings = serverSettingsSchema.parse(await settingsResponse.json());
  const server: SessionInfo['server'] = {
    realmName: settings.realm_name ?? '',
    realmIcon: settings.realm_icon ?? null,
    realmDescription: settings.realm_description ?? '',
    realmUrl: settings.realm_url ?? settings.realm_uri ?? null,
    version: versionOf(settings),
    featureLevel: featureLevelOf(settings),
    isIncompatible: settings.is_incompatible ?? false,
    emailAuthEnabled: settings.email_auth_enabled ?? false,
    passwordAuth: settings.authentication_methods?.['password'] ?? true,
    requireEmailFormatUsernames: settings.require_email_format_usernames ?? true,
    externalAuthMethods: (settings.external_authentication_methods ?? []).map((m) => ({
      name: m.name,
      displayName: m.display_name,
    })),
    pushNotificationsEnabled: settings.push_notifications_enabled ?? false,
  };
  let user: SessionInfo['user'] = null;
  if (email) {
    const me = ownUserSchema.parse(await (await askSim(sim, email, '/users/me')).json());
    user = {
      userId: me.user_id,
      // Like the BFF, which keeps the API email the key was issued for.
      email: me.email,
      fullName: me.full_name,
      role: me.role,
      avatarUrl: me.avatar_url ?? null,
    };
  }
  const demo = { accounts: DEMO_ACCOUNTS.map((a) => ({ ...a })), password: DEMO_PASSWORD };
  return sessionInfoSchema.parse({ user, server, serverError: null, demo, limits: null });
}

function bffError(status: number, code: string, msg: string): Response {
  return HttpResponse.json(errorEnvelope(code, msg), { status });
}

/** Mutating requests must carry the console's header, as the BFF demands. */
function csrfRefusal(request: Request): Response | null {
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || request.headers.get(CSRF_HEADER)) return null;
  return bffError(403, bffErrorCodes.csrf, 'Missing console request header.');
}

/**
 * msw handlers that stand in for the BFF in component tests by delegating to the chat-service simulator:
 * `/bff/svc/*` is forwarded to the simulator's `/api/v1/*` with the signed-in user's Basic credentials,
 * and `GET /bff/session` is built from the simulator's own answers. No second backend is written here.
 */
/** When the test's browser signed in, as the sessions list shows it. */
const SIGNED_IN_AT = Date.UTC(2026, 0, 5, 9);

export function simHandlers(
  getSim: () => SvcSimulator,
  currentEmail: () => string | null,
  setCurrentEmail: (email: string | null) => void,
) {
  return [
    http.get('*/bff/session', async () => HttpResponse.json(await buildSession(getSim(), currentEmail()))),
    // Sign-in checks the credentials with the simulator, as the BFF does with the chat server.
    http.post('*/bff/session', async ({ request }) => {
      const refused = csrfRefusal(request);
      if (refused) return refused;
      const parsed = signInSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) {
        return bffError(400, bffErrorCodes.invalidParams, parsed.error.issues[0]?.message ?? 'Invalid sign-in.');
      }
      const sim = getSim();
      const body = parsed.data;
      const check =
        'password' in body
          ? await sim.fetch(
              new Request(`${SIM_ORIGIN}/api/v1/fetch_api_key`, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: new URLSearchParams({ username: body.email, password: body.password }),
              }),
            )
          : await sim.fetch(
              new Request(`${SIM_ORIGIN}/api/v1/users/me`, {
                headers: { authorization: basicAuth(body.email, body.apiKey) },
              }),
            );
      if (!check.ok) return check;
      // Requests go out as the account's real address, which an API-key sign-in may not have used.
      const email =
        'password' in body ? body.email : (ownUserSchema.parse(await check.json()).delivery_email ?? body.email);
      setCurrentEmail(email);
      return HttpResponse.json(await buildSession(sim, email));
    }),
    // The console's own record of sessions, not the chat server's: this browser's is the only one here.
    http.get('*/bff/session/sessions', () =>
      currentEmail()
        ? HttpResponse.json({
            sessions: [{ handle: 'this-browser', createdAt: SIGNED_IN_AT, lastSeenAt: SIGNED_IN_AT, current: true }],
          })
        : bffError(401, bffErrorCodes.sessionExpired, 'Your session has expired. Sign in again.'),
    ),
    http.delete('*/bff/session', ({ request }) => {
      const refused = csrfRefusal(request);
      if (refused) return refused;
      setCurrentEmail(null);
      return new HttpResponse(null, { status: 204 });
    }),
    http.all(`*${SVC_PREFIX}/*`, async ({ request }) => {
      const email = currentEmail();
      if (!email) return bffError(401, bffErrorCodes.sessionExpired, 'Your session has expired. Sign in again.');
      const url = new URL(request.url);
      const path = url.pathname.slice(url.pathname.indexOf(SVC_PREFIX) + SVC_PREFIX.length);
      const method = request.method.toUpperCase();
      // The same gates as the BFF: mutations carry the CSRF header; only catalogued operations pass.
      const refused = csrfRefusal(request);
      if (refused) return refused;
      const match = matchOperation(method, path);
      if (!match || match.op.exposure !== 'browser') {
        return bffError(404, bffErrorCodes.unknownOperation, `Unknown operation: ${method} ${path}`);
      }
      const headers = new Headers();
      const contentType = request.headers.get('content-type');
      if (contentType) headers.set('content-type', contentType);
      const body = method === 'GET' || method === 'HEAD' ? undefined : await request.text();
      return askSim(getSim(), email, path + url.search, { method, headers, body });
    }),
  ];
}

/**
 * One msw server per test file (listening before all tests, closed after them) and a fresh simulator
 * plus sign-in per test, so tests never see each other's changes. Call it at the top level of a test file.
 */
export function setupSimServer({
  as = 'admin@demo.test',
  featureLevel,
  generatedUsers = 40,
}: SimServerOptions = {}): SimServer {
  const create = () => createSvcSimulator({ generatedUsers, ...(featureLevel === undefined ? {} : { featureLevel }) });
  // Made on first use and again before each test, so no test sees another's changes.
  let sim: SvcSimulator | null = null;
  const getSim = () => (sim ??= create());
  let current: string | null = as;
  const server = setupServer(
    ...simHandlers(
      getSim,
      () => current,
      (email) => {
        current = email;
      },
    ),
  );
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    sim = create();
    current = as;
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return {
    get sim() {
      return getSim();
    },
    server,
    signInAs: (email) => {
      current = email;
    },
    signedInAs: () => current,
  };
}
