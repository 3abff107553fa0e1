import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect } from './fixtures';

/** Talks to the chat simulator directly, as another client of the chat server would (not through the console). */
export async function simApiKey(email: string): Promise<string> {
  const res = await fetch(`${process.env.E2E_SVC_URL}/api/v1/fetch_api_key`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { api_key: string }).api_key;
}

export async function simCall(
  email: string,
  method: string,
  path: string,
  params: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const auth = 'Basic ' + Buffer.from(`${email}:${await simApiKey(email)}`).toString('base64');
  const body = new URLSearchParams(params);
  const url = `${process.env.E2E_SVC_URL}/api/v1${path}` + (method === 'GET' && params ? `?${body}` : '');
  const res = await fetch(url, { method, headers: { authorization: auth }, body: method === 'GET' ? undefined : body });
  return (await res.json()) as Record<string, unknown>;
}

export async function simControl(path: string, params: Record<string, string> = {}): Promise<void> {
  const res = await fetch(`${process.env.E2E_SVC_URL}/__sim/${path}`, {
    method: 'POST',
    body: new URLSearchParams(params),
  });
  if (!res.ok) throw new Error(`sim control ${path}: ${res.status}`);
}

interface SimUser {
  user_id: number;
  full_name: string;
  role: number;
  is_active: boolean;
  is_bot: boolean;
}

/** Active generated members with unique names, so each spec acts on a user no other spec touches. */
export async function pickMembers(count: number, offset: number): Promise<SimUser[]> {
  const { members } = (await simCall('admin@demo.test', 'GET', '/users')) as unknown as { members: SimUser[] };
  const names = new Map<string, number>();
  for (const m of members) names.set(m.full_name, (names.get(m.full_name) ?? 0) + 1);
  return members
    .filter((m) => m.role === 400 && m.is_active && !m.is_bot && m.user_id > 20 && names.get(m.full_name) === 1)
    .slice(offset, offset + count);
}

/** The demo's level: today's servers (Zulip 12.2). */
export const DEMO_LEVEL = 500;

/**
 * Puts the simulator on `level` and waits until the console serves it (it caches server settings), so what
 * follows runs against that level.
 */
export async function switchFeatureLevel(request: APIRequestContext, level: number): Promise<void> {
  await simControl('feature-level', { level: String(level) });
  await expect(async () => {
    const info = (await (await request.get('/bff/session')).json()) as { server: { featureLevel: number } };
    expect(info.server.featureLevel).toBe(level);
  }).toPass({ timeout: 10_000 });
}

/** Puts the simulator back on the demo's level, so the next spec does not start on another. */
export async function restoreFeatureLevel(request: APIRequestContext): Promise<void> {
  await switchFeatureLevel(request, DEMO_LEVEL);
}

/**
 * Adds `count` messages to a channel topic in one go (the simulator's `/__sim/seed-topic` control), e.g. to
 * give a topic-deletion spec more messages than one request deletes. Returns the new message ID range.
 */
export async function seedTopic(
  streamId: number,
  topic: string,
  count: number,
  senderEmail?: string,
): Promise<{ first_id: number; last_id: number }> {
  const params: Record<string, string> = { stream_id: String(streamId), topic, count: String(count) };
  if (senderEmail) params.sender_email = senderEmail;
  const res = await fetch(`${process.env.E2E_SVC_URL}/__sim/seed-topic`, {
    method: 'POST',
    body: new URLSearchParams(params),
  });
  if (!res.ok) throw new Error(`sim control seed-topic: ${res.status} ${await res.text()}`);
  return (await res.json()) as { first_id: number; last_id: number };
}

/**
 * Creates a user group as `email` straight on the chat server (for specs that need groups to exist before the
 * console looks at them). Settings are group-setting values; returns the new group's ID.
 */
export async function createUserGroup(
  email: string,
  name: string,
  options: { members?: number[]; subgroups?: number[]; settings?: Record<string, unknown> } = {},
): Promise<number> {
  const params: Record<string, string> = {
    name,
    description: 'Made by the e2e suite.',
    members: JSON.stringify(options.members ?? []),
  };
  if (options.subgroups) params.subgroups = JSON.stringify(options.subgroups);
  for (const [setting, value] of Object.entries(options.settings ?? {})) params[setting] = JSON.stringify(value);
  const body = await simCall(email, 'POST', '/user_groups/create', params);
  if (body.result !== 'success') throw new Error(`create group ${name}: ${String(body.msg)}`);
  return body.group_id as number;
}

/** A user group's current record as the chat server lists it (deactivated ones included). */
export async function userGroupRecord(id: number): Promise<Record<string, unknown>> {
  const { user_groups } = (await simCall('admin@demo.test', 'GET', '/user_groups', {
    include_deactivated_groups: 'true',
  })) as unknown as { user_groups: Record<string, unknown>[] };
  const found = user_groups.find((g) => g.id === id);
  if (!found) throw new Error(`no group ${id}`);
  return found;
}

/** The IDs of a channel topic's messages as `email` may read them, oldest first (the empty topic is ''). */
export async function topicMessageIds(email: string, streamId: number, topic: string): Promise<number[]> {
  const body = await simCall(email, 'GET', '/messages', {
    anchor: 'newest',
    num_before: '5000',
    num_after: '0',
    allow_empty_topic_name: 'true',
    narrow: JSON.stringify([
      { operator: 'channel', operand: streamId },
      { operator: 'topic', operand: topic },
    ]),
  });
  return (body.messages as { id: number }[]).map((m) => m.id);
}

/**
 * Edits or moves a message as `email` straight on the chat server (another client's edit, for race specs).
 * Values are sent as the API expects them (numbers and booleans JSON-encoded).
 */
export async function simEditMessage(
  email: string,
  messageId: number,
  params: {
    content?: string;
    topic?: string;
    stream_id?: number;
    propagate_mode?: string;
    prev_content_sha256?: string;
  },
): Promise<Record<string, unknown>> {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) form[name] = typeof value === 'string' ? value : JSON.stringify(value);
  return simCall(email, 'PATCH', `/messages/${messageId}`, form);
}

// ---------------------------------------------------------------------------------------------------------------
// The proxy-dashboard simulator (started by global setup; E2E_PROXY_URL). Its `/__sim` control surface speaks
// JSON; these helpers drive the proxy behind the dashboard and the dashboard's two checks of it.

/** What the proxy holds (`GET /__sim/proxy/state`). */
export interface ProxySimState {
  down: boolean;
  /** `routeId` is the dashboard id the entry carries as `@id`, or null for a hand edit without one. */
  routes: { routeId: string | null; domain: string; aliases: string[]; upstreams: string[] }[];
}

/** One call to the proxy simulator's control surface; answers its JSON. */
export async function proxySimControl<T = Record<string, unknown>>(
  path: string,
  body: unknown = {},
  method: 'GET' | 'POST' = 'POST',
): Promise<T> {
  const res = await fetch(`${process.env.E2E_PROXY_URL}/__sim/${path}`, {
    method,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`proxy sim control ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The dashboard's drift detector runs now: records and resolves drift events; the sync fields stay as they were. */
export async function proxyDriftDetect(): Promise<{ recorded: number; resolved: number }> {
  return proxySimControl('drift-detect');
}

/** The dashboard's (slower) sync check runs now: the only writer of syncStatus, syncDiff, syncCheckedAt. */
export async function proxySyncCheck(): Promise<void> {
  await proxySimControl('sync-check');
}

/** The proxy goes down (pushes fail, caddy.status unreachable, caddy.config fails) or comes back up. */
export async function proxyDown(down: boolean): Promise<void> {
  await proxySimControl('proxy', { down });
}

/** The proxy restarts; with `dropAll` (the default) it holds no route until the dashboard pushes again. */
export async function proxyRestart(options: { dropAll?: boolean } = {}): Promise<void> {
  await proxySimControl('proxy/restart', options);
}

/** A route added to the proxy by hand, not in the dashboard (no `@id` unless `routeId` is given). */
export async function proxyHandAdd(
  domain: string,
  upstream: string,
  options: { routeId?: string } = {},
): Promise<void> {
  await proxySimControl('proxy/hand-add', { domain, upstream, ...options });
}

/** A change made in the dashboard's own UI (not through the console): stored, `updatedAt` moved, pushed. */
export async function proxyDashboardEdit(
  routeId: string,
  edit: { name?: string; upstreams?: { address: string; weight?: number }[] },
): Promise<{ updatedAt: string }> {
  return proxySimControl(`routes/${encodeURIComponent(routeId)}/dashboard-edit`, edit);
}

/**
 * Requests arrive for `domain` now; the dashboard counts them on the route whose domain matches, whether the proxy
 * serves it or not. Answers that route's id, or null when no route matches.
 */
export async function proxyTraffic(
  domain: string,
  requests: number,
  errors?: number,
): Promise<{ routeId: string | null }> {
  return proxySimControl('traffic', { domain, requests, ...(errors === undefined ? {} : { errors }) });
}

/** What the proxy holds right now. */
export async function proxyState(): Promise<ProxySimState> {
  return proxySimControl<ProxySimState>('proxy/state', undefined, 'GET');
}
