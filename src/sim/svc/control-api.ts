import type { Context, Hono } from 'hono';
import { FAILURE_MODES, type FailureMode, type SvcSimControl } from './control';
import { BOUNCER_MODES, PUSH_DEVICE_STATUSES, type BouncerMode, type SimPushDevice } from './push-devices';

/** Where the HTTP control API lives (only with the `controlApi` option). */
export const SIM_CONTROL_PREFIX = '/__sim';

class ControlParamError extends Error {}

type Form = URLSearchParams;

async function formOf(request: Request): Promise<Form> {
  const form = new URLSearchParams(new URL(request.url).search);
  const body = new URLSearchParams(await request.text());
  for (const [name, value] of body) form.set(name, value);
  return form;
}

function optionalNumber(form: Form, name: string, integer: boolean): number | undefined {
  const text = form.get(name)?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) throw new ControlParamError(`Invalid ${name}`);
  return value;
}

function requiredNumber(form: Form, name: string, integer: boolean): number {
  const value = optionalNumber(form, name, integer);
  if (value === undefined) throw new ControlParamError(`Missing '${name}' argument`);
  return value;
}

/**
 * `devices`: comma-separated `push_account_id[#device_id][:status][@user_id]`, e.g. `101,102#7:pending@9`
 * (without `#device_id` a device gets the lowest free one); empty clears.
 */
function pushDevices(text: string): SimPushDevice[] {
  return text
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\d+)(?:#(\d+))?(?::(\w+))?(?:@(\d+))?$/.exec(entry);
      const status = match?.[3];
      if (!match || (status !== undefined && !(PUSH_DEVICE_STATUSES as readonly string[]).includes(status))) {
        throw new ControlParamError(`Invalid device: ${entry}`);
      }
      return {
        push_account_id: Number(match[1]),
        ...(match[2] !== undefined ? { device_id: Number(match[2]) } : {}),
        ...(status !== undefined ? { status: status as SimPushDevice['status'] } : {}),
        ...(match[4] !== undefined ? { user_id: Number(match[4]) } : {}),
      };
    });
}

function bouncerMode(text: string): BouncerMode {
  if (!(BOUNCER_MODES as readonly string[]).includes(text)) throw new ControlParamError(`Invalid bouncer: ${text}`);
  return text as BouncerMode;
}

type ControlAction = (control: SvcSimControl, form: Form) => Record<string, unknown>;

function failNext(control: SvcSimControl, form: Form) {
  // `mode`: envelope (default), malformed, reset or lost (see FailureMode).
  const mode = form.get('mode')?.trim() || 'envelope';
  if (!(FAILURE_MODES as readonly string[]).includes(mode)) throw new ControlParamError(`Invalid mode: ${mode}`);
  // Optional filter: only calls with this method and/or path prefix (after /api/v1) take the failure.
  const method = form.get('method')?.trim() || undefined;
  const pathPrefix = form.get('path')?.trim() || undefined;
  control.failNext(requiredNumber(form, 'count', true), optionalNumber(form, 'status', true), mode as FailureMode, {
    ...(method ? { method } : {}),
    ...(pathPrefix ? { pathPrefix } : {}),
  });
  return {};
}

function exportWorker(control: SvcSimControl, form: Form) {
  const mode = form.get('mode')?.trim() ?? '';
  if (!['hold', 'auto', 'finish', 'fail'].includes(mode)) throw new ControlParamError(`Invalid mode: ${mode}`);
  if (!control.setExportWorker) throw new ControlParamError('This simulator has no export worker.');
  control.setExportWorker(mode as 'hold' | 'auto' | 'finish' | 'fail');
  return {};
}

function ignoredParameters(control: SvcSimControl, form: Form) {
  // `names`: comma-separated; empty (or absent) clears the list.
  const names = (form.get('names') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  control.setIgnoredParameters(names);
  return { ignored_parameters: names };
}

function push(control: SvcSimControl, form: Form) {
  // `reset=1` first (nothing registered, relay working), then `devices` and `bouncer` when present.
  if (form.get('reset') === '1') control.resetPushState();
  const devices = form.get('devices');
  const bouncer = form.get('bouncer')?.trim();
  control.setPushState({
    ...(devices !== null ? { devices: pushDevices(devices) } : {}),
    ...(bouncer ? { bouncer: bouncerMode(bouncer) } : {}),
  });
  return {};
}

function realmFlags(control: SvcSimControl, form: Form) {
  // `owner_full_content_access`: `true` or `false`; absent leaves it as it is.
  if (!control.setRealmFlags) throw new ControlParamError('realm-flags is not available');
  const access = form.get('owner_full_content_access')?.trim();
  if (access !== undefined && access !== 'true' && access !== 'false') {
    throw new ControlParamError('Invalid owner_full_content_access');
  }
  control.setRealmFlags(access === undefined ? {} : { owner_full_content_access: access === 'true' });
  return {};
}

function seedTopic(control: SvcSimControl, form: Form) {
  if (!control.seedTopic) throw new ControlParamError('seed-topic is not available');
  const topic = form.get('topic');
  if (topic === null) throw new ControlParamError("Missing 'topic' argument");
  const senderEmail = form.get('sender_email')?.trim();
  // `rendered_html`: the messages' rendered content verbatim (hostile-HTML tests).
  const renderedContent = form.get('rendered_html');
  return control.seedTopic({
    streamId: requiredNumber(form, 'stream_id', true),
    topic,
    count: requiredNumber(form, 'count', true),
    ...(senderEmail ? { senderEmail } : {}),
    ...(renderedContent !== null ? { renderedContent } : {}),
  });
}

function upload(control: SvcSimControl, form: Form) {
  // `email` (the uploader), `name` and `size` (bytes): a file as the upload endpoint stores it.
  if (!control.addUpload) throw new ControlParamError('upload is not available');
  const email = form.get('email')?.trim();
  const name = form.get('name')?.trim();
  if (!email || !name) throw new ControlParamError("Missing 'email' or 'name' argument");
  return control.addUpload({ email, name, size: requiredNumber(form, 'size', true) });
}

function outgoingWebhook(control: SvcSimControl, form: Form) {
  // `bot_email` required; `url` sets the bot's URL (empty clears it), absent leaves it. Answers the token.
  if (!control.setOutgoingWebhook) throw new ControlParamError('outgoing-webhook is not available');
  const botEmail = form.get('bot_email')?.trim();
  if (!botEmail) throw new ControlParamError("Missing 'bot_email' argument");
  const url = form.get('url');
  return control.setOutgoingWebhook({ botEmail, ...(url !== null ? { url: url.trim() } : {}) });
}

/** `hold`: true holds registrations from now on, false releases the waiting ones; answers how many wait. */
function registerHold(control: SvcSimControl, form: Form) {
  const hold = form.get('hold')?.trim();
  if (hold !== 'true' && hold !== 'false') throw new ControlParamError(`Invalid hold: ${hold ?? ''}`);
  if (!control.holdRegister) throw new ControlParamError('This simulator cannot hold registrations.');
  return { waiting: control.holdRegister(hold === 'true') };
}

/** The POST actions, by path under the prefix. */
const POST_ACTIONS: readonly (readonly [string, ControlAction])[] = [
  ['expire-queues', (control) => ({ expired: control.expireQueues() })],
  ['fail-next', failNext],
  ['export-worker', exportWorker],
  ['register-hold', registerHold],
  [
    'latency',
    (control, form) => {
      control.setLatency(requiredNumber(form, 'ms', false));
      return {};
    },
  ],
  [
    'feature-level',
    (control, form) => {
      control.setFeatureLevel(requiredNumber(form, 'level', true));
      return {};
    },
  ],
  [
    'heartbeat',
    (control, form) => {
      control.setHeartbeatSeconds(requiredNumber(form, 'seconds', false));
      return {};
    },
  ],
  ['ignored-parameters', ignoredParameters],
  ['push', push],
  ['realm-flags', realmFlags],
  ['seed-topic', seedTopic],
  ['upload', upload],
  ['outgoing-webhook', outgoingWebhook],
];

/**
 * The HTTP face of `sim.control`, for end-to-end tests that drive a simulator running in another process.
 * Answers JSON: `{result: 'success', msg: '', …}`, or `{result: 'error', code: 'BAD_REQUEST', msg}` (400).
 */
export function mountControlApi(app: Hono, control: SvcSimControl): void {
  const action =
    (run: ControlAction) =>
    async (c: Context): Promise<Response> => {
      try {
        const extra = run(control, await formOf(c.req.raw));
        return c.json({ result: 'success', msg: '', ...extra });
      } catch (error) {
        if (error instanceof ControlParamError || error instanceof RangeError) {
          return c.json({ result: 'error', code: 'BAD_REQUEST', msg: error.message }, 400);
        }
        throw error;
      }
    };
  for (const [path, run] of POST_ACTIONS) app.post(`${SIM_CONTROL_PREFIX}/${path}`, action(run));
  app.get(
    `${SIM_CONTROL_PREFIX}/queues`,
    action(() => ({ queues: control.queueCount() })),
  );
}
