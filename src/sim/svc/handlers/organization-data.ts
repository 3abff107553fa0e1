import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { badRequest, mustBeOwner, SvcError } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { SIM_LEVELS } from '../levels';
import { templateIsValid, templateVariables } from '../linkifier-rules';
import { decodeParam, int, json, jsonOrText, oneOfValues, text, valueError } from '../param-spec';
import { EMAIL_VISIBILITY, type SimExport, type SimUser, type SvcStore } from '../store';

/**
 * Data exports (`/export/realm*`) and code playgrounds (`/realm/playgrounds*`), as a level-372 server answers
 * them: administrators only (checked before the parameters), its order of checks and its words. An export is
 * made by the server's background worker a few seconds after the request (about 4.5 s for the development
 * organization): here a timer stands in for the worker. Each change of an export tells the organization's
 * administrators the whole list (`realm_export`); each change of the playgrounds tells everyone the whole list
 * (`realm_playgrounds`).
 */

/** Levels at which these endpoints changed, as the simulator knows them. */
const LEVELS = { exportId: 182, exportConsents: 295, exportType: 304, playgroundUrlTemplate: 196 } as const;

/** The server's EXPORT_LIMIT: requests per organization in any 7 days, deleted and failed ones included. */
const EXPORT_LIMIT = 5;
const WEEK_SECONDS = 7 * 24 * 3600;

const BLANK = 'This field cannot be blank.';

const seconds = (store: SvcStore) => Math.floor(store.now() / 1000);

/** About the time the development server's worker took for its small organization (4.5 s), shortened. */
export const DEFAULT_EXPORT_DELAY_MS = 1_500;

// The stand-in worker's settings and timers, beside the store: only this module reads them.
interface ExportWorker {
  /** How long a request stays pending; null: until `finishPendingExports` is called. */
  delayMs: number | null;
  timers: Set<ReturnType<typeof setTimeout>>;
}
const workers = new WeakMap<SvcStore, ExportWorker>();

function workerOf(store: SvcStore): ExportWorker {
  let worker = workers.get(store);
  if (!worker) workers.set(store, (worker = { delayMs: DEFAULT_EXPORT_DELAY_MS, timers: new Set() }));
  return worker;
}

/** How long the simulated worker takes to make an export; null keeps requests pending until finished by hand. */
export function setExportDelay(store: SvcStore, delayMs: number | null): void {
  workerOf(store).delayMs = delayMs;
}

/** Stops the worker's timers (the simulator is closing). */
export function stopExportWorker(store: SvcStore): void {
  const worker = workerOf(store);
  for (const timer of worker.timers) clearTimeout(timer);
  worker.timers.clear();
}

function formatExport(store: SvcStore, e: SimExport): Record<string, unknown> {
  return {
    id: e.id,
    export_time: e.requestedAt,
    acting_user_id: e.actingUserId,
    export_url: e.status === 'succeeded' && e.path ? `${store.realm.baseUrl}/user_avatars/${e.path}` : null,
    deleted_timestamp: e.deletedAt,
    failed_timestamp: e.failedAt,
    pending: e.status === 'requested',
    ...(store.featureLevel >= LEVELS.exportType ? { export_type: wireExportType(store, e.type) } : {}),
  };
}

type ExportType = SimExport['type'];

/** The words the API uses for the export types from level 449 (the integers 1 and 2 before). */
const EXPORT_TYPE_NAMES = {
  1: 'public',
  2: 'full_with_consent',
  3: 'full_without_consent',
} as const satisfies Record<ExportType, string>;
type ExportTypeName = (typeof EXPORT_TYPE_NAMES)[ExportType];

const EXPORT_TYPE_BY_NAME = Object.fromEntries(
  Object.entries(EXPORT_TYPE_NAMES).map(([type, name]) => [name, Number(type) as ExportType]),
) as Record<ExportTypeName, ExportType>;

// The integers as a level-304 server checks them (an integer outside the list is a value error).
const exportTypeNumber = json(oneOfValues([1, 2] as const, valueError));
// From level 449, a word: as plain text or as a JSON string; anything else (the old integers too) is
// "Invalid export_type", the server's wording for a value outside a fixed set.
const exportTypeWord = jsonOrText(oneOfValues(Object.values(EXPORT_TYPE_NAMES)));

/** The requested type, read the way a server of this level reads `export_type` (absent: public). */
function exportTypeOf(store: SvcStore, raw: string | undefined): ExportType {
  if (raw === undefined) return 1;
  if (store.featureLevel >= SIM_LEVELS.exportTypeStrings) {
    return EXPORT_TYPE_BY_NAME[decodeParam(exportTypeWord, 'export_type', raw)];
  }
  const type = decodeParam(exportTypeNumber, 'export_type', raw);
  // Before level 304 every export was public (the parameter was read by nobody).
  return store.featureLevel >= LEVELS.exportType ? type : 1;
}

/** An export's type on the wire: the integer until level 449, the word from then on. */
function wireExportType(store: SvcStore, type: ExportType): number | string {
  return store.featureLevel >= SIM_LEVELS.exportTypeStrings ? EXPORT_TYPE_NAMES[type] : type;
}

const listExports = (store: SvcStore) => store.exports.map((e) => formatExport(store, e));

/** Human administrators (owners included) hear of every export. */
function announceExports(store: SvcStore): void {
  const admins = store.users.filter((u) => u.isActive && !u.isBot && (u.role === 100 || u.role === 200));
  store.emit({ type: 'realm_export', exports: listExports(store), recipient_ids: admins.map((u) => u.user_id) });
}

/** Makes every pending export's file (what the worker does), and announces the list once. */
export function finishPendingExports(store: SvcStore, outcome: 'succeeded' | 'failed' = 'succeeded'): void {
  let changed = false;
  for (const e of store.exports) {
    if (e.status !== 'requested') continue;
    changed = true;
    if (outcome === 'failed') {
      e.status = 'failed';
      e.failedAt = seconds(store);
      continue;
    }
    e.status = 'succeeded';
    const token = randomBytes(18).toString('base64url');
    const file = `zulip-export-${randomBytes(6).toString('hex').slice(0, 8)}.tar.gz`;
    e.path = `exports/${store.realm.id}/${token}/${file}`;
  }
  if (changed) announceExports(store);
}

/**
 * The file behind an export's URL (`/user_avatars/exports/...`), served without credentials like the
 * server's own uploads: a small gzip file (the real one is a tar archive of the organization's data).
 */
export function exportFile(store: SvcStore, path: string): Uint8Array | null {
  const found = store.exports.find((e) => e.status === 'succeeded' && e.path === path);
  if (!found) return null;
  return gzipSync(`Simulated data export ${found.id} of ${store.realm.name}.\n`);
}

/** The server's support address, named in some refusals (its ZULIP_ADMINISTRATOR setting). */
const supportAddress = (store: SvcStore) => store.supportEmail;

/**
 * A full export without consent (level 449) exposes everyone's private content: only an organization whose
 * server administrator turned on `owner_full_content_access` offers it, and only to its owners.
 */
function checkFullWithoutConsent(store: SvcStore, me: SimUser): void {
  if (!store.realmSettings.owner_full_content_access) {
    throw badRequest('Full exports without member consent are not enabled for this organization.');
  }
  if (me.role !== 100) throw mustBeOwner();
}

function checkExportAllowed(store: SvcStore, me: SimUser, type: ExportType): void {
  if (type === 3) checkFullWithoutConsent(store, me);
  const now = seconds(store);
  const recent = store.exports.filter((e) => e.requestedAt >= now - WEEK_SECONDS).length;
  if (recent >= EXPORT_LIMIT) throw badRequest('Exceeded rate limit.');
  const owners = store.users.filter((u) => u.role === 100 && !u.isBot);
  if (type === 2) {
    if (!owners.some((u) => store.personalSetting(u.user_id, 'allow_private_data_export'))) {
      throw badRequest(
        'Make sure at least one Organization Owner is consenting to the export ' +
          `or contact ${supportAddress(store)} for help.`,
      );
    }
  } else if (type === 1 && !owners.some((u) => u.emailAddressVisibility !== EMAIL_VISIBILITY.nobody)) {
    // A full export without consent holds every address anyway: the check is the public export's.
    throw badRequest(
      'Make sure at least one Organization Owner allows other Administrators to see their email address ' +
        `or contact ${supportAddress(store)} for help`,
    );
  }
}

function requestExport(store: SvcStore, me: SimUser, type: ExportType): SimExport {
  checkExportAllowed(store, me, type);
  const row: SimExport = {
    id: store.nextExportId++,
    actingUserId: me.user_id,
    type,
    requestedAt: seconds(store),
    status: 'requested',
    path: null,
    failedAt: null,
    deletedAt: null,
  };
  store.exports.push(row);
  announceExports(store);
  const worker = workerOf(store);
  if (worker.delayMs !== null) {
    const timer = setTimeout(() => {
      worker.timers.delete(timer);
      finishPendingExports(store);
    }, worker.delayMs);
    timer.unref?.();
    worker.timers.add(timer);
  }
  return row;
}

// --- code playgrounds ---------------------------------------------------------------------------------------

export function listPlaygrounds(store: SvcStore): Record<string, unknown>[] {
  const urlField = store.featureLevel >= LEVELS.playgroundUrlTemplate ? 'url_template' : 'url_prefix';
  return store.playgrounds.map((p) => ({
    id: p.id,
    name: p.name,
    pygments_language: p.pygmentsLanguage,
    [urlField]: p.urlTemplate,
  }));
}

function announcePlaygrounds(store: SvcStore): void {
  store.emit({ type: 'realm_playgrounds', realm_playgrounds: listPlaygrounds(store) });
}

const LANGUAGE_CHARS = /^[ a-zA-Z0-9_+\-./#]*$/;

/**
 * The record's validation as the server runs it: field errors in field order (URL template, name, language),
 * then the whole record's (the template's variables, then uniqueness of language and name, checked only when
 * both passed their own checks). The first message is the refusal's `msg`, all of them its `errors`.
 */
function playgroundErrors(store: SvcStore, name: string, language: string, template: string) {
  const errors: Record<string, string[]> = {};
  const add = (key: string, msg: string) => (errors[key] ??= []).push(msg);
  const templateOk = templateIsValid(template);
  if (template === '') add('url_template', BLANK);
  else if (!templateOk) add('url_template', 'Invalid URL template.');
  if (name === '') add('name', BLANK);
  if (language === '') add('pygments_language', BLANK);
  if (templateOk) {
    const names = templateVariables(template);
    if (!names.includes('code')) add('__all__', 'Missing the required variable "code" in the URL template');
    else if (names.length !== 1) add('__all__', '"code" should be the only variable present in the URL template');
  }
  if (name !== '' && language !== '') {
    if (store.playgrounds.some((p) => p.name === name && p.pygmentsLanguage === language)) {
      add('__all__', 'Realm playground with this Realm, Pygments language and Name already exists.');
    }
  }
  return errors;
}

const adminFirst = { adminBeforeParams: true };

export const organizationDataHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({ method: 'GET', path: '/export/realm', params: {} }),
    ({ core }) => ({ exports: listExports(core.store) }),
    adminFirst,
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/export/realm',
      // Read by level (integers, then words from 449): see exportTypeOf.
      params: { export_type: text().optional() },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const row = requestExport(store, me, exportTypeOf(store, params.export_type));
      return store.featureLevel >= LEVELS.exportId ? { id: row.id } : {};
    },
    adminFirst,
  ),

  userHandler(
    endpoint({ method: 'DELETE', path: '/export/realm/{export_id}', params: { export_id: int() } }),
    ({ core, params }) => {
      const { store } = core;
      const row = store.exports.find((e) => e.id === params.export_id);
      if (!row) throw badRequest('Invalid data export ID');
      if (row.status === 'deleted') throw badRequest('Export already deleted');
      if (row.status === 'failed') throw badRequest('Export failed, nothing to delete');
      if (row.status === 'requested') throw badRequest('Export still in progress');
      row.status = 'deleted';
      row.deletedAt = seconds(store);
      announceExports(store);
      return {};
    },
    adminFirst,
  ),

  userHandler(
    endpoint({ method: 'GET', path: '/export/realm/consents', params: {}, since: LEVELS.exportConsents }),
    ({ core }) => {
      const { store } = core;
      const people = store.users.filter((u) => u.isActive && !u.isBot);
      return {
        export_consents: people.map((u) => ({
          user_id: u.user_id,
          consented: store.personalSetting(u.user_id, 'allow_private_data_export'),
          // From level 430, so that an administrator sees whose email the export will not reveal.
          ...(store.featureLevel >= SIM_LEVELS.exportConsentEmailVisibility
            ? { email_address_visibility: u.emailAddressVisibility }
            : {}),
        })),
      };
    },
    adminFirst,
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/realm/playgrounds',
      params: { name: text(), url_template: text(), pygments_language: text() },
      since: LEVELS.playgroundUrlTemplate,
    }),
    ({ core, params }) => {
      const { store } = core;
      // Checked on the value as sent, before the record's own validation.
      if (!LANGUAGE_CHARS.test(params.pygments_language)) throw badRequest('Invalid characters in pygments language');
      const name = params.name.trim();
      const language = params.pygments_language.trim();
      const template = params.url_template.trim();
      const errors = playgroundErrors(store, name, language, template);
      const first = Object.values(errors)[0]?.[0];
      if (first !== undefined) throw new SvcError('BAD_REQUEST', first, 400, { errors });
      const id = store.nextPlaygroundId++;
      store.playgrounds.push({ id, name, pygmentsLanguage: language, urlTemplate: template });
      announcePlaygrounds(store);
      return { id };
    },
    adminFirst,
  ),

  userHandler(
    endpoint({
      method: 'DELETE',
      path: '/realm/playgrounds/{playground_id}',
      params: { playground_id: int() },
    }),
    ({ core, params }) => {
      const { store } = core;
      const index = store.playgrounds.findIndex((p) => p.id === params.playground_id);
      if (index < 0) throw badRequest('Invalid playground');
      store.playgrounds.splice(index, 1);
      announcePlaygrounds(store);
      return {};
    },
    adminFirst,
  ),
];
