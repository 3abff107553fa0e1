/**
 * Records the real Zulip server's answers to the contract's recipes (src/testing/real-contract/recipes.ts) into
 * src/testing/real-contract/real-answers.json, credentials scrubbed. Needs the server of ../shared/real-zulip
 * running (global setup of the e2e suite starts it, or `bash ../shared/real-zulip/up.sh`); run it again whenever
 * the recipes or the catalog grow:  npx tsx scripts/record-real.ts
 * It changes the dev organization (throwaway groups, channels, messages); `reset-db.sh` puts it back.
 * `RECORD_ONLY=name,name` records only those recipes and keeps the other recorded answers as they are;
 * `RECORD_MISSING=1` records only the recipes that have no recorded answer yet.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { findRealServer } from '../e2e/real-server';
import { recipes, type ContractApi, type ContractRole } from '../src/testing/real-contract/recipes';
import { ANSWERS_FILE, type RecordedAnswers } from '../src/testing/real-contract/real-answers';

const ACCOUNTS: Record<ContractRole, string> = {
  owner: 'desdemona@zulip.com',
  admin: 'iago@zulip.com',
  moderator: 'shiva@zulip.com',
  member: 'hamlet@zulip.com',
  guest: 'polonius@zulip.com',
  spare: 'prospero@zulip.com',
};
/** How long the real server takes to hand an action's events to its event queues (Django → Tornado). */
const SETTLE_MS = 1500;
const PUBLIC_CHANNEL = 'Verona';

const real = await findRealServer();
if (!real.ok) {
  console.error(`Cannot record: ${real.reason}`);
  process.exit(1);
}
const { creds } = real;
const byRole = (role: ContractRole) => creds.users.find((u) => u.email === ACCOUNTS[role])!;
const secrets = creds.users.flatMap((u) => [u.api_key, u.password]);

const api: ContractApi = {
  async call(as, method, path, params = {}) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const query = method === 'GET' && [...form].length > 0 ? `?${form}` : '';
    const headers: Record<string, string> = {};
    if (as) {
      const u = byRole(typeof as === 'string' ? as : as.role);
      const key = typeof as === 'string' ? u.api_key : as.apiKey;
      headers.authorization = 'Basic ' + Buffer.from(`${u.email}:${key}`).toString('base64');
    }
    if (method !== 'GET') headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${creds.base_url}/api/v1${path}${query}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : form,
    });
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { not_json: text.slice(0, 200) };
    }
    return { status: response.status, body };
  },
  user: (role) => ({ user_id: byRole(role).user_id, email: byRole(role).email }),
  channel: () => {
    throw new Error('resolved below');
  },
  password: (role) => byRole(role).password,
  settle: () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
};
const { stream_id } = (await api.call('admin', 'GET', '/get_stream_id', { stream: PUBLIC_CHANNEL })).body as {
  stream_id: number;
};
api.channel = () => ({ stream_id, name: PUBLIC_CHANNEL });

/** Credentials and event-queue ids out; the rest is kept as the server sent it. */
function scrub(value: unknown): unknown {
  if (typeof value === 'string') return secrets.some((s) => value.includes(s)) ? '<scrubbed>' : value;
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === 'api_key' || k === 'queue_id' ? '<scrubbed>' : scrub(v)]),
    );
  }
  return value;
}

const settings = (await api.call(null, 'GET', '/server_settings')).body;
const previous: RecordedAnswers['answers'] = existsSync(ANSWERS_FILE)
  ? (JSON.parse(readFileSync(ANSWERS_FILE, 'utf8')) as RecordedAnswers).answers
  : [];
const only = process.env.RECORD_ONLY
  ? new Set(process.env.RECORD_ONLY.split(','))
  : process.env.RECORD_MISSING
    ? new Set(recipes.map((r) => r.name).filter((name) => !previous.some((a) => a.name === name)))
    : null;
const kept = only ? previous.filter((a) => !only.has(a.name)) : [];
const out: RecordedAnswers = {
  server: { version: String(settings.zulip_version), featureLevel: Number(settings.zulip_feature_level) },
  answers: [],
};
for (const recipe of recipes) {
  if (only && !only.has(recipe.name)) {
    const answer = kept.find((a) => a.name === recipe.name);
    if (answer) out.answers.push(answer);
    continue;
  }
  const path = await recipe.path(api);
  const params = recipe.params ? await recipe.params(api) : {};
  const { status, body } = await api.call(recipe.as, recipe.method, path, params);
  await recipe.after?.(api);
  out.answers.push({ name: recipe.name, op: recipe.op, status, body: scrub(body) as Record<string, unknown> });
  console.log(`${status} ${recipe.name}`);
}
// Written as the formatter would write it, so that the lint step's format check holds after a recording.
const options = (await resolveConfig(ANSWERS_FILE)) ?? {};
writeFileSync(ANSWERS_FILE, await format(JSON.stringify(out), { ...options, filepath: ANSWERS_FILE }));
console.log(`Recorded ${out.answers.length} answers from ${out.server.version} (level ${out.server.featureLevel}).`);
