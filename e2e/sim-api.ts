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

/**
 * Puts the simulator back on level 420 and waits until the console no longer serves a cached lower level,
 * so the next spec does not start on it.
 */
export async function restoreFeatureLevel(request: APIRequestContext): Promise<void> {
  await simControl('feature-level', { level: '420' });
  await expect(async () => {
    const info = (await (await request.get('/bff/session')).json()) as { server: { featureLevel: number } };
    expect(info.server.featureLevel).toBe(420);
  }).toPass({ timeout: 10_000 });
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
