import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { SVC_PREFIX } from '../../shared/bff/protocol';
import type { SvcOperation } from '../../shared/svc/catalog';
import { matchOperation, operationFor } from '../../shared/svc/match';
import { checkParams } from '../../shared/svc/params';
import { decodeParams, encodeValue, usesQueryString } from '../../shared/svc/wire';
import { closeHarnesses, consoleRequest, setupHarness, signIn, type UpstreamRecord } from './harness';
import { browserOps, sampleParams } from './samples';

afterAll(closeHarnesses);

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'];

/** Text as it travels on the wire (URLSearchParams turns lone surrogates into U+FFFD the same way). */
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\u202E',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '9007199254740993',
    '-1',
    '0x10',
    'null',
    'true',
    '[]',
    '{}',
    '{"__proto__":{"polluted":1}}',
    '[{"constructor":{"prototype":{"polluted":1}}}]',
    '{"a":{"b":{"c":{"d":{"e":{"f":[[[[[[[[1]]]]]]]]}}}}}}',
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '%00%2e%2e%2f',
    "' OR 1=1 --",
    '${7*7}',
  ),
  fc.constant('x'.repeat(200_000)),
  fc.constant('['.repeat(5_000) + ']'.repeat(5_000)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.integer().map(String),
  fc.double().map(String),
);

/** A request's parameters: a valid sample with random fields replaced or added, each as wire text. */
function paramsArb(op: SvcOperation, sample: Record<string, unknown>) {
  const keys = Object.keys(op.params.shape);
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const valid = Object.entries(sample).map(([k, v]) => [k, encodeValue(v) ?? ''] as [string, string]);
  return fc
    .record({
      keepValid: fc.boolean(),
      changes: fc.array(fc.tuple(key, hostileText), { minLength: 0, maxLength: 4 }),
      asJson: fc.boolean(),
    })
    .map(({ keepValid, changes, asJson }) => {
      const entries = new Map<string, string>(keepValid ? valid : []);
      for (const [k, v] of changes) entries.set(k, wellFormed(v));
      return { entries: [...entries], asJson };
    });
}

function buildRequest(op: SvcOperation, entries: [string, string][], asJson: boolean, cookie: string): Request {
  const values = new Map(entries);
  const path =
    '/' +
    op.template.segments
      .map((s) => (s.startsWith('{') ? encodeURIComponent(values.get(s.slice(1, -1)) ?? 'x') : s))
      .join('/');
  const form = new URLSearchParams(entries.filter(([k]) => !op.template.names.includes(k)));
  if (usesQueryString(op.method)) {
    const q = form.toString();
    return consoleRequest(SVC_PREFIX + path + (q ? `?${q}` : ''), cookie);
  }
  return consoleRequest(SVC_PREFIX + path, cookie, {
    method: op.method,
    body: asJson ? JSON.stringify(Object.fromEntries(entries)) : form.toString(),
    headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' },
  });
}

/** What reached the chat server must pass the schema of the operation it addresses. */
function upstreamProblem(call: UpstreamRecord): string | null {
  const path = call.url.pathname.replace(/^.*?\/api\/v1/, '');
  const match = matchOperation(call.method, path);
  if (!match) return `uncatalogued upstream call ${call.method} ${path}`;
  // An upload's body is multipart; the file part is checked by svc-upstream's own test.
  if (match.op.fileParam) return null;
  const raw = call.method === 'GET' ? [...call.url.searchParams] : [...new URLSearchParams(call.body)];
  const op = operationFor(
    match,
    raw.map(([name]) => name),
  );
  const { values } = decodeParams(op.params.shape as Record<string, z.ZodType>, raw);
  const checked = checkParams(op, { ...values, ...match.pathParams });
  return checked.ok ? null : `${op.id} went upstream with invalid params: ${checked.msg}`;
}

describe('input fuzzing through /bff/svc (fast-check)', () => {
  it.each(browserOps.map((op) => [op.id, op] as const))(
    '%s: never a 5xx, always INVALID_PARAMS or the server’s own answer, never invalid params upstream',
    async (_id, op) => {
      const h = setupHarness({ sim: { generatedUsers: 6 } });
      let cookie = await signIn(h, 'admin@demo.test');
      const sample = sampleParams(op, h.sim)!;
      const seen = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(paramsArb(op, sample), async ({ entries, asJson }) => {
          const before = h.apiCalls().length;
          const res = await h.app.request(buildRequest(op, entries, asJson, cookie));
          const body = (await res.json()) as { result?: string; code?: string };
          const outcome = `${res.status} ${body.code ?? body.result}`;
          seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
          expect(res.status, outcome).toBeLessThan(500);
          expect(body.result === 'success' || typeof body.code === 'string').toBe(true);
          const calls = h.apiCalls().slice(before);
          if (body.code === 'INVALID_PARAMS' || body.code === 'UNKNOWN_OPERATION') expect(calls).toEqual([]);
          for (const call of calls) expect(upstreamProblem(call)).toBeNull();
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          // A random mutation may end the admin's own session (e.g. demote themself): start a new one.
          if (body.code === 'SESSION_EXPIRED') cookie = await signIn(h, 'admin@demo.test').catch(() => cookie);
        }),
        { numRuns: RUNS },
      );
      // The refusing side of the schema check is exercised for every operation, whatever the random draws were.
      const valid = Object.entries(sample).map(([k, v]) => [k, encodeValue(v) ?? ''] as [string, string]);
      const hostile = await h.app.request(buildRequest(op, [...valid, ['__proto__', '{"polluted":1}']], false, cookie));
      expect(hostile.status).toBe(400);
      expect(((await hostile.json()) as { code?: string }).code).toBe('INVALID_PARAMS');
    },
  );
});
