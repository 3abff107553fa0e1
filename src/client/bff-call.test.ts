import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditApi } from '../shared/bff/audit';
import { bulkApi } from '../shared/bff/bulk';
import { CSRF_HEADER } from '../shared/bff/constants';
import { sessionApi, USERS_LIST_PATH, usersListRoute } from '../shared/bff/first-load';
import { usersListParams } from './reference-data/users';
import { bffCall } from './bff-fetch';

/** Answers every fetch with `body` (JSON) or 204, and records the requests. */
function stubFetch(body: unknown, status = 200) {
  const requests: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return status === 204 ? new Response(null, { status }) : Response.json(body, { status });
  });
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('bffCall', () => {
  it('asks for the users list exactly as the first load preloads it', async () => {
    const requests = stubFetch({ result: 'success', msg: '', members: [] });
    expect(await bffCall(usersListRoute, { query: usersListParams })).toMatchObject({ members: [] });
    expect(requests.map((r) => [r.init.method, r.url])).toEqual([['GET', USERS_LIST_PATH]]);
  });

  it('fills the path, sends the body as JSON with the CSRF header, and parses the answer', async () => {
    const run = {
      id: 'r/1',
      kind: 'deactivate',
      label: 'Deactivate 1 user',
      status: 'running',
      concurrency: 4,
      createdAt: 1,
      finishedAt: null,
      counts: { total: 1, pending: 1, done: 0, skipped: 0, failed: 0, cancelled: 0, unknown: 0 },
      rateLimitedUntil: null,
      rateLimitWaits: 0,
      undoOf: null,
      undoable: false,
      undoneBy: null,
      startedBy: null,
      mine: true,
      rows: [],
    };
    const requests = stubFetch(run);
    const answer = await bffCall(bulkApi.undo, { params: { id: 'r/1' }, body: { previewId: 'p' } });
    expect(answer.id).toBe('r/1');
    const [request] = requests;
    expect(request!.url).toBe('/bff/bulk/runs/r%2F1/undo');
    expect(request!.init.method).toBe('POST');
    expect(request!.init.body).toBe('{"previewId":"p"}');
    const headers = new Headers(request!.init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get(CSRF_HEADER)).not.toBeNull();
  });

  it('refuses an answer its schema cannot read', async () => {
    stubFetch({ operations: 'not a list' });
    await expect(bffCall(auditApi.operations)).rejects.toThrow();
  });

  it('puts the defined query values on the URL, in order', async () => {
    const requests = stubFetch({ entries: [], nextCursor: null });
    await bffCall(auditApi.page, { query: { actor: 'ann', outcome: undefined, limit: 200, before: null } });
    expect(requests[0]!.url).toBe('/bff/audit?actor=ann&limit=200');
  });

  it('takes a typed answer as it came, and no content as null', async () => {
    stubFetch(null, 204);
    expect(await bffCall(sessionApi.signOut)).toBeNull();
  });
});
