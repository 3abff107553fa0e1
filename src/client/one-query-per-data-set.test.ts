import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BffRoute } from '../shared/bff/route-def';
import { bffApi } from '../shared/bff/routes';
import { svcOps } from '../shared/svc/catalog';

/**
 * One query per data set: each read the SPA makes — a catalogued chat operation read with `svc(svcOps.x, …)` or
 * one of the BFF's own read routes called with `bffCall(xApi.route, …)` — is made in exactly one place, the query
 * factory of its data set, and every reader and every live-event handler uses that factory's key. A second
 * place that fetches the same thing is a second key for it, which can be stale while the first is fresh: this
 * test fails then.
 */

const SRC = join(import.meta.dirname, '..');
const BROWSER_ROOTS = ['app', 'client', 'components', 'features'];

/**
 * Operations read as several data sets, each told apart by its parameters and spelled once in its own module:
 * a page of messages is a different data set for each narrow and anchor, and a channel's topics are read together
 * with its latest messages into two different views (the channels page's topics with their last activity, the
 * moderation triage's activity across channels).
 */
const READ_AS_SEVERAL_DATA_SETS: Readonly<Record<string, string>> = {
  getMessages: 'one data set per narrow and anchor',
  getChannelTopics: 'read with the latest messages into two composite views',
};

/** The table's groups as the browser code names them (`bffCall(stateApi.realm, …)`). */
const ROUTE_GROUPS: Readonly<Record<string, Readonly<Record<string, BffRoute>>>> = {
  sessionApi: bffApi.session,
  ownSessionsApi: bffApi.ownSessions,
  stateApi: bffApi.state,
  auditApi: bffApi.audit,
  bulkApi: bffApi.bulk,
  webhooksApi: bffApi.webhooks,
  proxyApi: bffApi.proxy,
};

function browserFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return browserFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every read in the browser code: source (op id or BFF path constant) → the places that make it. */
function readsBySource(): Map<string, string[]> {
  const reads = new Map<string, string[]>();
  const note = (source: string, place: string) => reads.set(source, [...(reads.get(source) ?? []), place]);
  for (const file of BROWSER_ROOTS.flatMap((root) => browserFiles(join(SRC, root)))) {
    const text = readFileSync(file, 'utf8');
    const place = relative(SRC, file);
    for (const [, op] of text.matchAll(/\bsvc\(\s*svcOps\.(\w+)/g)) {
      const operation = svcOps[op as keyof typeof svcOps];
      if (operation?.method === 'GET') note(op!, place);
    }
    // A BFF route is read when its description says GET (src/shared/bff/routes.ts).
    for (const [, group, name] of text.matchAll(/\bbffCall\(\s*(\w+)\.(\w+)\b/g)) {
      const route = ROUTE_GROUPS[group!]?.[name!];
      if (!route) throw new Error(`${place}: bffCall(${group}.${name}) is not a route of the table`);
      if (route.method === 'GET') note(`${group}.${name}`, place);
    }
    if (/\bbffCall\(\s*usersListRoute\b/.test(text)) note('usersListRoute', place);
  }
  return reads;
}

describe('one query per data set', () => {
  const reads = readsBySource();

  it('finds the reads it checks', () => {
    expect(reads.get('getUsers') ?? reads.get('usersListRoute')).toBeDefined();
    expect(reads.size).toBeGreaterThan(15);
  });

  it('reads each operation in one place, under one key', () => {
    const twice = [...reads]
      .filter(([source, places]) => places.length > 1 && !(source in READ_AS_SEVERAL_DATA_SETS))
      .map(([source, places]) => `${source}: ${places.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('reads the users list once, whichever way it is spelled', () => {
    const places = [...(reads.get('getUsers') ?? []), ...(reads.get('usersListRoute') ?? [])];
    expect(places).toEqual(['client/reference-data/users.ts']);
  });

  it('keeps its exceptions real', () => {
    for (const op of Object.keys(READ_AS_SEVERAL_DATA_SETS)) expect(reads.get(op)?.length).toBeGreaterThan(1);
  });
});
