import { afterEach, describe, expect, it } from 'vitest';
import { SVC_PREFIX } from '../../shared/bff/protocol';
import type { SvcOperation } from '../../shared/svc/catalog';
import { decodeEmojiImage } from '../../shared/svc/realm-emoji';
import { encodeParams, encodeValue, fillTemplate, usesQueryString } from '../../shared/svc/wire';
import { basicAuthHeader, callSim, createSvcSimulator, SIM_ORIGIN, type SvcSimulator } from '../../sim/svc';
import { closeHarnesses, consoleRequest, setupHarness, signIn, type Harness } from './harness';
import { browserOps, sampleParams } from './samples';

afterEach(closeHarnesses);

interface Answer {
  status: number;
  code: string | null;
}

function rest(op: SvcOperation, params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => !op.template.names.includes(k)));
}

/** The browser's call: `/bff/svc/…` with the session cookie, parameters on the documented wire. */
async function throughBff(h: Harness, cookie: string, op: SvcOperation, params: Record<string, unknown>) {
  const encoded = encodeParams(rest(op, params)).toString();
  let path = SVC_PREFIX + fillTemplate(op.template, params);
  const init: RequestInit = { method: op.method };
  if (usesQueryString(op.method)) {
    if (encoded) path += `?${encoded}`;
  } else {
    init.body = encoded;
    init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
  }
  const res = await h.app.request(consoleRequest(path, cookie, init));
  const body = (await res.json()) as { result?: string; code?: string };
  return { status: res.status, code: body.result === 'success' ? null : (body.code ?? '?') };
}

/** An upload straight to the chat server: the file as the one part of a multipart body, as the BFF sends it. */
async function directUpload(sim: SvcSimulator, email: string, op: SvcOperation, params: Record<string, unknown>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(rest(op, params))) {
    const data = key === op.fileParam ? decodeEmojiImage(String(value)) : null;
    if (data) form.append(key, new Blob([data.bytes.slice()], { type: data.type }), 'upload');
    else form.append(key, encodeValue(value) ?? '');
  }
  const response = await sim.fetch(
    new Request(`${SIM_ORIGIN}/api/v1${fillTemplate(op.template, params)}`, {
      method: op.method,
      headers: { authorization: basicAuthHeader(email, sim.apiKeyOf(email)) },
      body: form,
    }),
  );
  const body = (await response.json()) as { result?: string; code?: string };
  return { status: response.status, code: body.result === 'success' ? null : String(body.code) };
}

/** The same call straight to the chat server, as that user with their own API key. */
async function direct(sim: SvcSimulator, email: string, op: SvcOperation, params: Record<string, unknown>) {
  if (op.fileParam) return directUpload(sim, email, op, params);
  const res = await callSim(sim, op.method, fillTemplate(op.template, params), { as: email, params: rest(op, params) });
  return { status: res.status, code: res.body.result === 'success' ? null : String(res.body.code) };
}

describe('authorization: the BFF never widens what the chat server allows', () => {
  it('for every catalogued operation, a member and a guest get exactly the server’s own answer', async () => {
    // Two identical realms (same seed): one behind the BFF, one called directly. Every call is made on both,
    // in the same order, so their states stay equal and any difference in the answers is the BFF's doing.
    const h = setupHarness({ sim: { generatedUsers: 10 } });
    const twin = createSvcSimulator({ generatedUsers: 10, heartbeatSeconds: 0.5, longpollTimeoutSeconds: 2 });
    try {
      const rows: string[] = [];
      const mismatches: string[] = [];
      const widened: string[] = [];
      for (const email of ['member@demo.test', 'guest@demo.test']) {
        const cookie = await signIn(h, email);
        for (const op of browserOps) {
          const params = sampleParams(op, twin);
          expect(params, `no valid sample for ${op.id}`).not.toBeNull();
          const viaBff: Answer = await throughBff(h, cookie, op, params!);
          const own: Answer = await direct(twin, email, op, params!);
          rows.push(`${email} ${op.id}: ${viaBff.status} ${viaBff.code ?? 'success'}`);
          if (viaBff.status !== own.status || viaBff.code !== own.code) {
            mismatches.push(
              `${email} ${op.id}: BFF ${viaBff.status} ${viaBff.code} vs server ${own.status} ${own.code}`,
            );
          }
          if (op.adminOnly && (viaBff.code === null || viaBff.status < 400)) widened.push(`${email} ${op.id}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(widened).toEqual([]);
      // Every admin-only operation was refused by the server's own rule for both roles.
      const adminOnly = browserOps.filter((o) => o.adminOnly);
      expect(adminOnly.length).toBeGreaterThan(5);
      for (const op of adminOnly) {
        for (const email of ['member@demo.test', 'guest@demo.test']) {
          expect(rows).toContainEqual(expect.stringMatching(new RegExp(`^${email} ${op.id}: 4\\d\\d [A-Z_]+$`)));
        }
      }
    } finally {
      twin.close();
    }
  });

  it('an admin gets the same answers through the BFF as directly, so the comparison above is not vacuous', async () => {
    const h = setupHarness({ sim: { generatedUsers: 10 } });
    const twin = createSvcSimulator({ generatedUsers: 10, heartbeatSeconds: 0.5, longpollTimeoutSeconds: 2 });
    try {
      const cookie = await signIn(h, 'admin@demo.test');
      let successes = 0;
      for (const op of browserOps.filter((o) => o.adminOnly)) {
        const params = sampleParams(op, twin)!;
        const viaBff = await throughBff(h, cookie, op, params);
        expect(viaBff).toEqual(await direct(twin, 'admin@demo.test', op, params));
        if (viaBff.code === null) successes++;
      }
      expect(successes).toBeGreaterThan(3);
    } finally {
      twin.close();
    }
  });

  it('BFF-only operations (API key exchange, event queues) are never forwarded for a browser', async () => {
    const h = setupHarness();
    const cookie = await signIn(h, 'admin@demo.test');
    const before = h.apiCalls().length;
    for (const [method, path] of [
      ['POST', '/fetch_api_key'],
      ['POST', '/register'],
      ['GET', '/events'],
      ['DELETE', '/events'],
    ] as const) {
      const res = await h.app.request(consoleRequest(SVC_PREFIX + path, cookie, { method }));
      expect(res.status).toBe(404);
    }
    expect(h.apiCalls().length).toBe(before);
  });
});

// The proxy area refuses non-admins on the server side before any upstream call: see
// src/server/routes/proxy-routes.test.ts ('refuses a member with 403 before any upstream call').
