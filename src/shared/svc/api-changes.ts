/**
 * How the chat API changed under the console's feet: parameters, values and record fields that a server
 * spells differently from a feature level on (renamed, retyped, removed). The other half of the level model
 * is FEATURE_LEVELS ("available since N"); this table says "sent or read differently since M".
 *
 * The console speaks ONE dialect inside: the newest spelling it knows (the browser's schemas, forms and labels
 * use it). The BFF is the adapter at the server's edge, and reads this table only:
 *  - writing: `spellParams` turns the newest spelling into the one of the connected server's level (and refuses
 *    a value the server's level does not have yet, naming the level);
 *  - reading: `readAnswer` turns an older spelling into the newest wherever it appears (an answer, an event, the
 *    register state). Reading looks at the value, not the level: a server's answer is taken as it is spelled, so a
 *    misreported level or a mixed deployment still reads right.
 * Nothing else in the code base tests `level >= …` for a spelling.
 */

/** Where a spelled thing lives. Paths are dotted; `[]` walks every element of a list. */
export type ChangeSite =
  /** A request parameter of a catalogued operation (by the operation's id), named in the newest spelling. */
  | { in: 'param'; op: string; name: string }
  /** A field of an operation's success answer. */
  | { in: 'answer'; op: string; path: string }
  /** A field of the events of one type (and, for settings events, one `property`) in `GET /events`. */
  | { in: 'event'; type: string; property?: string; path: string }
  /** A field of the `POST /register` answer. */
  | { in: 'register'; path: string };

interface ChangeBase {
  /** The first feature level that spells it the new way. */
  level: number;
  area: string;
  /** What changed, in words (the server page and the issue notes show it). */
  summary: string;
  sites: readonly ChangeSite[];
}

/** A value renamed or retyped: `before` maps each newest value to its spelling below `level`. */
export interface ValueChange extends ChangeBase {
  kind: 'value';
  before: Readonly<Record<string, string | number>>;
  /** Values that exist from `level` on only, with what they need besides the level (said to the user). */
  newOnly?: Readonly<Record<string, string>>;
}

/** A parameter or field renamed (at `path`'s end for sites that point at the record holding it). */
export interface RenameChange extends ChangeBase {
  kind: 'rename';
  was: string;
  is: string;
  /** The old field's value in the new field's shape, when the shape changed too. */
  read?: (old: unknown) => unknown;
}

/** A field's unit changed; `read` turns the old unit into the new, recognising it by the value. */
export interface UnitChange extends ChangeBase {
  kind: 'unit';
  fields: readonly string[];
  read: (value: number) => number;
}

/** Gone from the level on: the console must not rely on it (nothing is translated). */
export interface RemovedChange extends ChangeBase {
  kind: 'removed';
  fields: readonly string[];
}

export type ApiChange = ValueChange | RenameChange | UnitChange | RemovedChange;

/** A timestamp above this is in milliseconds: as seconds it would lie after the year 5000. */
const MILLISECONDS_FROM = 1e11;

/**
 * Every change of the reference changelog (levels 373–489) that touches what the console sends or reads,
 * plus those it must not rely on. Keyed by a stable name the UI and tests use.
 */
export const API_CHANGES = {
  exportTypeWords: {
    kind: 'value',
    level: 449,
    area: 'Data exports',
    // "public", "full_with_consent", "full_without_consent" instead of 1 and 2.
    summary: 'Data export types are sent and listed as words instead of numbers.',
    before: { public: 1, full_with_consent: 2 },
    newOnly: {
      full_without_consent: "the organization's owners must have full access to private content",
    },
    sites: [
      { in: 'param', op: 'exportRealm', name: 'export_type' },
      { in: 'answer', op: 'getRealmExports', path: 'exports[].export_type' },
      { in: 'event', type: 'realm_export', path: 'exports[].export_type' },
    ],
  },
  homeViewRecent: {
    kind: 'value',
    level: 454,
    area: 'Default settings',
    // "recent" instead of "recent_topics".
    summary: 'The "Recent conversations" home view has a shorter name.',
    before: { recent: 'recent_topics' },
    sites: [
      { in: 'param', op: 'updateRealmUserSettingsDefaults', name: 'web_home_view' },
      { in: 'param', op: 'updateSettingsForUsers', name: 'web_home_view' },
      { in: 'register', path: 'realm_user_settings_defaults.web_home_view' },
      { in: 'register', path: 'user_settings.web_home_view' },
      { in: 'event', type: 'realm_user_settings_defaults', property: 'web_home_view', path: 'value' },
      { in: 'event', type: 'user_settings', property: 'web_home_view', path: 'value' },
    ],
  },
  pushTestDevice: {
    kind: 'rename',
    level: 468,
    area: 'Push notifications',
    summary: 'The push test names a registered device instead of a push account.',
    was: 'push_account_id',
    is: 'device_id',
    sites: [{ in: 'param', op: 'sendTestPushNotification', name: 'device_id' }],
  },
  attachmentMessageIds: {
    kind: 'rename',
    level: 472,
    area: 'Messages',
    summary: 'Uploads left behind by an edit list their messages by number only.',
    was: 'messages',
    is: 'message_ids',
    read: (old) =>
      Array.isArray(old)
        ? old.map((m) => (typeof m === 'object' && m !== null ? (m as Record<string, unknown>).id : m))
        : old,
    sites: [{ in: 'answer', op: 'updateMessage', path: 'detached_uploads[]' }],
  },
  attachmentSeconds: {
    kind: 'unit',
    level: 443,
    area: 'Messages',
    summary: 'Upload times are counted in seconds instead of milliseconds.',
    fields: ['create_time'],
    read: (value) => (value > MILLISECONDS_FROM ? Math.round(value / 1000) : value),
    sites: [{ in: 'answer', op: 'updateMessage', path: 'detached_uploads[]' }],
  },
  channelCreatorDefault: {
    kind: 'value',
    level: 427,
    area: 'Permissions',
    // "channel_creator" instead of "stream_creator_or_nobody".
    summary: "The default group of a channel's permissions (its creator) has a new name.",
    before: { channel_creator: 'stream_creator_or_nobody' },
    sites: [{ in: 'register', path: 'server_supported_permission_settings.*.*.default_group_name' }],
  },
  zephyrMirrorRemoved: {
    kind: 'removed',
    level: 426,
    area: 'Organization',
    summary: 'The organization no longer says whether it mirrors Zephyr.',
    fields: ['realm_is_zephyr_mirror_realm'],
    sites: [{ in: 'register', path: 'realm_is_zephyr_mirror_realm' }],
  },
  presenceModernOnly: {
    kind: 'removed',
    level: 487,
    area: 'Presence',
    summary: "One person's presence comes only in the newer format.",
    fields: ['website', 'aggregated'],
    sites: [{ in: 'answer', op: 'getUserPresence', path: 'presence' }],
  },
  botFieldsRemoved: {
    kind: 'removed',
    level: 474,
    area: 'Bots',
    summary: "Bots in the organization's start-up data lose their name, email, owner, type and key.",
    fields: ['api_key', 'avatar_url', 'bot_type', 'email', 'full_name', 'is_active', 'owner_id'],
    sites: [{ in: 'register', path: 'realm_bots[]' }],
  },
} as const satisfies Record<string, ApiChange>;

export type ApiChangeId = keyof typeof API_CHANGES;

const CHANGES = Object.entries(API_CHANGES) as [ApiChangeId, ApiChange][];

/** The refusal of a value the server's level does not have yet. */
export interface SpellingRefusal {
  ok: false;
  field: string;
  msg: string;
}

/** What `value` is spelled at `level` for a value change; null when the level has no such value. */
function spellValue(change: ValueChange, value: unknown, level: number): { value: unknown } | null {
  if (level >= change.level || (typeof value !== 'string' && typeof value !== 'number')) return { value };
  const old = change.before[String(value)];
  if (old !== undefined) return { value: old };
  return change.newOnly && String(value) in change.newOnly ? null : { value };
}

/**
 * The parameters of `opId` in the spelling of a server at `level` (`params` use the newest spelling and are
 * not changed). A value the level does not have is refused with the level it needs.
 */
export function spellParams(
  opId: string,
  params: Record<string, unknown>,
  level: number,
): { ok: true; params: Record<string, unknown> } | SpellingRefusal {
  let out = params;
  for (const [, change] of CHANGES) {
    if (level >= change.level) continue;
    for (const site of change.sites) {
      if (site.in !== 'param' || site.op !== opId || !Object.hasOwn(out, site.name)) continue;
      if (change.kind === 'value') {
        const spelled = spellValue(change, out[site.name], level);
        if (!spelled) {
          return {
            ok: false,
            field: site.name,
            msg: `This choice needs a newer chat server: feature level ${change.level}, this one is at ${level}.`,
          };
        }
        out = { ...out, [site.name]: spelled.value };
      } else if (change.kind === 'rename') {
        const { [site.name]: value, ...rest } = out;
        out = { ...rest, [change.was]: value };
      }
    }
  }
  return { ok: true, params: out };
}

/** The name a parameter has on a server at `level` (for labels and for reading `ignored_parameters_unsupported`). */
export function paramNameAt(opId: string, name: string, level: number): string {
  for (const [, change] of CHANGES) {
    if (change.kind !== 'rename' || level >= change.level) continue;
    if (change.sites.some((s) => s.in === 'param' && s.op === opId && s.name === name)) return change.was;
  }
  return name;
}

/** Whether a server at `level` has a value of a value change, and the sentence to show when it does not. */
export function valueAvailability(
  id: ApiChangeId,
  value: string,
  level: number,
): { enabled: boolean; reason: string | null } {
  const change: ApiChange = API_CHANGES[id];
  if (change.kind !== 'value' || level >= change.level || value in change.before || !change.newOnly) {
    return { enabled: true, reason: null };
  }
  if (!(value in change.newOnly)) return { enabled: true, reason: null };
  return {
    enabled: false,
    reason: `Needs a newer chat server: feature level ${change.level}, this one is at ${level}.`,
  };
}

/** Whether a server at `level` spells a change the new way. */
export function spellsNewWay(id: ApiChangeId, level: number): boolean {
  return level >= API_CHANGES[id].level;
}

type Fix = (holder: Record<string, unknown>, key: string) => boolean;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Walks `path` from `node` and applies `fix` to each (holder, last key) it reaches. `*` walks every value of a
 * record; `x[]` every element of the list `x` (as the last part: `fix` gets each element as the holder).
 */
function walk(node: unknown, parts: readonly string[], fix: Fix): boolean {
  if (parts.length === 0) return false;
  const [head, ...rest] = parts as [string, ...string[]];
  if (!isRecord(node)) return false;
  if (head === '*') {
    // Every value of a record keyed by name (e.g. each permission setting of a kind).
    let changed = false;
    for (const value of Object.values(node)) changed = walk(value, rest, fix) || changed;
    return changed;
  }
  const list = head.endsWith('[]');
  const key = list ? head.slice(0, -2) : head;
  if (!list) return rest.length === 0 ? fix(node, key) : walk(node[key], rest, fix);
  const items = node[key];
  if (!Array.isArray(items)) return false;
  let changed = false;
  for (const item of items) {
    // `a[]` as the last part points at each element itself: the fix works on the element's fields.
    if (rest.length === 0) changed = applyToRecord(item, fix) || changed;
    else changed = walk(item, rest, fix) || changed;
  }
  return changed;
}

function applyToRecord(item: unknown, fix: Fix): boolean {
  return isRecord(item) ? fix(item, '') : false;
}

/** The fix that reads one change's old spelling as the new one, at a (holder, key) a site points at. */
function readerOf(change: ApiChange): Fix | null {
  switch (change.kind) {
    case 'value': {
      const after = new Map<string | number, string>();
      for (const [now, old] of Object.entries(change.before)) after.set(old, now);
      return (holder, key) => {
        const v = holder[key];
        if ((typeof v !== 'string' && typeof v !== 'number') || !after.has(v)) return false;
        holder[key] = after.get(v);
        return true;
      };
    }
    case 'rename':
      return (holder) => {
        if (Object.hasOwn(holder, change.is) || !Object.hasOwn(holder, change.was)) return false;
        const old = holder[change.was];
        Reflect.deleteProperty(holder, change.was);
        holder[change.is] = change.read ? change.read(old) : old;
        return true;
      };
    case 'unit':
      return (holder) => {
        let changed = false;
        for (const field of change.fields) {
          const v = holder[field];
          if (typeof v !== 'number') continue;
          const read = change.read(v);
          if (read !== v) {
            holder[field] = read;
            changed = true;
          }
        }
        return changed;
      };
    case 'removed':
      return null;
  }
}

function pathParts(path: string): string[] {
  return path.split('.');
}

/** Operations whose answers `readAnswer` may change (their answers are parsed and re-encoded when it does). */
const READ_OPS: ReadonlySet<string> = new Set(
  CHANGES.flatMap(([, c]) =>
    c.kind === 'removed'
      ? []
      : c.sites.map((s) =>
          s.in === 'answer' ? s.op : s.in === 'event' ? 'getEvents' : s.in === 'register' ? 'registerQueue' : '',
        ),
  ).filter((op) => op !== ''),
);

export function answerMayBeRespelled(opId: string): boolean {
  return READ_OPS.has(opId);
}

/** Operations whose parameters `spellParams` may change (only they need the server's level). */
const WRITE_OPS: ReadonlySet<string> = new Set(
  CHANGES.flatMap(([, c]) => c.sites.flatMap((s) => (s.in === 'param' ? [s.op] : []))),
);

export function paramsMayBeRespelled(opId: string): boolean {
  return WRITE_OPS.has(opId);
}

function readEvent(event: unknown, site: Extract<ChangeSite, { in: 'event' }>, fix: Fix): boolean {
  if (!isRecord(event) || event.type !== site.type) return false;
  if (site.property !== undefined && event.property !== site.property) return false;
  return walk(event, pathParts(site.path), fix);
}

/**
 * Reads an answer of `opId` in the newest spelling: every older spelling of a known change is rewritten in
 * place (events of `getEvents` and the `registerQueue` state included). True when anything changed.
 */
export function readAnswer(opId: string, body: unknown): boolean {
  if (!READ_OPS.has(opId)) return false;
  let changed = false;
  for (const [, change] of CHANGES) {
    const fix = readerOf(change);
    if (!fix) continue;
    for (const site of change.sites) {
      if (site.in === 'answer' && site.op === opId) {
        changed = walk(body, pathParts(site.path), fix) || changed;
      } else if (site.in === 'register' && opId === 'registerQueue') {
        changed = walk(body, pathParts(site.path), fix) || changed;
      } else if (site.in === 'event' && opId === 'getEvents' && isRecord(body) && Array.isArray(body.events)) {
        for (const event of body.events) changed = readEvent(event, site, fix) || changed;
      }
    }
  }
  return changed;
}
