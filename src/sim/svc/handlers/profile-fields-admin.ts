import { badRequest } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { PROFILE_FIELD_TYPE, type CustomProfileField, type ProfileFieldType, type SvcStore } from '../store';
import { SIM_LEVELS } from '../levels';
import { bool, dictValue, int, intList, json, text } from '../param-spec';

/**
 * Custom profile field administration (POST/PATCH/DELETE /realm/profile_fields…), with the server's checks
 * and messages; every change sends the whole ordered list in one `custom_profile_fields` event.
 */

const NAME_MAX = 40;
const HINT_MAX = 80;
const SUMMARY_MAX = 2;
const TYPES = new Set<number>(Object.values(PROFILE_FIELD_TYPE));
/** Paragraph fields may be on the profile card from level 476; Person picker fields may not. */
const notInSummary = (level: number) =>
  new Set<number>(
    level >= SIM_LEVELS.paragraphInProfileSummary
      ? [PROFILE_FIELD_TYPE.user]
      : [PROFILE_FIELD_TYPE.longText, PROFILE_FIELD_TYPE.user],
  );
/** Level 455: only these types may match users in typeahead. */
const USER_MATCHING_TYPES = new Set<number>([PROFILE_FIELD_TYPE.shortText, PROFILE_FIELD_TYPE.externalAccount]);

/** The external accounts the server knows, with the name and hint it gives their fields. */
const DEFAULT_EXTERNAL: Record<string, { name: string; hint: string }> = {
  github: { name: 'GitHub username', hint: '' },
  twitter: { name: 'Twitter username', hint: '' },
};

/** A field as the server lists it: `display_in_profile_summary` and `use_for_user_matching` only where true. */
export function formatProfileField(f: CustomProfileField, level: number): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    hint: f.hint,
    field_data: f.fieldData ?? '',
    order: f.order,
    required: f.required ?? false,
    editable_by_user: f.editableByUser ?? true,
    ...(f.displayInProfileSummary ? { display_in_profile_summary: true } : {}),
    ...(f.useForUserMatching && level >= SIM_LEVELS.profileFieldUserMatching ? { use_for_user_matching: true } : {}),
  };
}

export function orderedProfileFields(store: SvcStore): CustomProfileField[] {
  return [...store.profileFields].sort((a, b) => a.order - b.order);
}

function announce(store: SvcStore): void {
  const fields = orderedProfileFields(store).map((f) => formatProfileField(f, store.featureLevel));
  store.emit({ type: 'custom_profile_fields', fields });
}

function fieldById(store: SvcStore, id: number): CustomProfileField {
  const field = store.profileField(id);
  if (!field) throw badRequest(`Field id ${id} not found.`);
  return field;
}

function summaryFull(store: SvcStore, except: CustomProfileField | null): boolean {
  return store.profileFields.filter((f) => f !== except && f.displayInProfileSummary).length >= SUMMARY_MAX;
}

type FieldData = Record<string, unknown>;

function checkSelectData(data: FieldData): void {
  const entries = Object.entries(data);
  if (entries.length < 1) throw badRequest('Field must have at least one choice.');
  const texts = new Set<string>();
  for (const [key, value] of entries) {
    if (!key.trim()) throw badRequest("'value' cannot be blank.");
    const option = value as { text?: unknown; order?: unknown } | null;
    if (!option || typeof option !== 'object') throw badRequest('field_data is not a dict');
    if (typeof option.text !== 'string' || option.text === '') throw badRequest('field_data["text"] cannot be blank.');
    if (typeof option.order !== 'string' || option.order === '') {
      throw badRequest('field_data["order"] cannot be blank.');
    }
    texts.add(option.text);
  }
  if (texts.size !== entries.length) throw badRequest('Field must not have duplicate choices.');
}

function checkExternalData(data: FieldData): void {
  const subtype = data.subtype;
  if (typeof subtype !== 'string' || subtype === '') throw badRequest('field_data["subtype"] cannot be blank.');
  if (subtype in DEFAULT_EXTERNAL) return;
  if (subtype !== 'custom') throw badRequest('Invalid external account type');
  const pattern = data.url_pattern;
  if (pattern === undefined) throw badRequest('Custom external account must define URL pattern');
  if (typeof pattern !== 'string' || pattern.split('%(username)s').length !== 2) {
    throw badRequest("URL pattern must contain '%(username)s'.");
  }
}

const isDefaultExternal = (type: number, data: FieldData) =>
  type === PROFILE_FIELD_TYPE.externalAccount && typeof data.subtype === 'string' && data.subtype in DEFAULT_EXTERNAL;

interface FieldFlags {
  summary: boolean;
  matching: boolean;
  level: number;
}

/**
 * The server's order of checks: field data, then name and hint (not for default external accounts), type,
 * card, user matching.
 */
function checkField(type: number, name: string, hint: string, data: FieldData, flags: FieldFlags): void {
  if (type === PROFILE_FIELD_TYPE.select) checkSelectData(data);
  else if (type === PROFILE_FIELD_TYPE.externalAccount) checkExternalData(data);
  if (!isDefaultExternal(type, data)) {
    if (!name.trim()) throw badRequest('Label cannot be blank.');
    if (hint.length > HINT_MAX) throw badRequest(`hint is too long (limit: ${HINT_MAX} characters)`);
    if (name.length > NAME_MAX) throw badRequest(`name is too long (limit: ${NAME_MAX} characters)`);
  }
  if (!TYPES.has(type)) throw badRequest('Invalid field type.');
  if (flags.summary && notInSummary(flags.level).has(type))
    throw badRequest('Field type not supported for display in profile summary.');
  if (flags.matching && !USER_MATCHING_TYPES.has(type)) throw badRequest(USER_MATCHING_NOT_SUPPORTED);
}

/** Worded like the server's refusal for the profile card. */
export const USER_MATCHING_NOT_SUPPORTED = 'Field type not supported for user matching.';

function nameTaken(store: SvcStore, name: string, except: CustomProfileField | null): boolean {
  return store.profileFields.some((f) => f !== except && f.name === name);
}

const storedData = (data: FieldData) => (Object.keys(data).length === 0 ? '' : JSON.stringify(data));

function parsedData(field: CustomProfileField): FieldData {
  try {
    return field.fieldData ? (JSON.parse(field.fieldData) as FieldData) : {};
  } catch {
    return {};
  }
}

const TAKEN = 'A field with that label already exists.';
const adminFirst = { adminBeforeParams: true };

export const profileFieldAdminHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'POST',
      path: '/realm/profile_fields',
      params: {
        name: text().optional(),
        field_type: int(),
        hint: text().optional(),
        field_data: json(dictValue).optional(),
        display_in_profile_summary: bool().optional(),
        required: bool().optional(),
        editable_by_user: bool().optional(),
        use_for_user_matching: bool().optional().from(SIM_LEVELS.profileFieldUserMatching),
      },
    }),
    ({ core, params }) => {
      const { store } = core;
      const data = (params.field_data ?? {}) as FieldData;
      const summary = params.display_in_profile_summary ?? false;
      if (summary && summaryFull(store, null)) {
        throw badRequest(`Only ${SUMMARY_MAX} custom profile fields can be displayed in the profile summary.`);
      }
      const type = params.field_type;
      let name = (params.name ?? '').trim();
      let hint = params.hint ?? '';
      const matching = params.use_for_user_matching ?? false;
      checkField(type, name, hint, data, { summary, matching, level: store.featureLevel });
      if (isDefaultExternal(type, data)) ({ name, hint } = DEFAULT_EXTERNAL[data.subtype as string]!);
      if (nameTaken(store, name, null)) throw badRequest(TAKEN);
      const id = store.profileFields.reduce((max, f) => Math.max(max, f.id), 0) + 1;
      const order = store.profileFields.reduce((max, f) => Math.max(max, f.order), 0) + 1;
      store.profileFields.push({
        id,
        name,
        type: type as ProfileFieldType,
        hint,
        order,
        fieldData: storedData(data),
        required: params.required ?? false,
        editableByUser: params.editable_by_user ?? true,
        displayInProfileSummary: summary,
        useForUserMatching: matching,
      });
      announce(store);
      return { id };
    },
    adminFirst,
  ),

  userHandler(
    endpoint({
      method: 'PATCH',
      path: '/realm/profile_fields/{field_id}',
      params: {
        field_id: int(),
        name: text().optional(),
        hint: text().optional(),
        field_data: json(dictValue).optional(),
        display_in_profile_summary: bool().optional(),
        required: bool().optional(),
        editable_by_user: bool().optional(),
        use_for_user_matching: bool().optional().from(SIM_LEVELS.profileFieldUserMatching),
      },
    }),
    ({ core, params }) => {
      const { store } = core;
      const field = fieldById(store, params.field_id);
      if (params.display_in_profile_summary && summaryFull(store, field)) {
        throw badRequest(`Only ${SUMMARY_MAX} custom profile fields can be displayed in the profile summary.`);
      }
      const current = parsedData(field);
      const data = (params.field_data ?? current) as FieldData;
      if (isDefaultExternal(field.type, current)) {
        const changed =
          (params.name !== undefined && params.name.trim() !== field.name) ||
          (params.hint !== undefined && params.hint !== field.hint) ||
          (params.field_data !== undefined && JSON.stringify(params.field_data) !== JSON.stringify(current));
        if (changed) throw badRequest('Default custom field cannot be updated.');
      }
      const name = params.name !== undefined ? params.name.trim() : field.name;
      const hint = params.hint ?? field.hint;
      const summary = params.display_in_profile_summary ?? field.displayInProfileSummary ?? false;
      const matching = params.use_for_user_matching ?? field.useForUserMatching ?? false;
      checkField(field.type, name, hint, data, { summary, matching, level: store.featureLevel });
      if (nameTaken(store, name, field)) throw badRequest(TAKEN);
      field.name = name;
      field.hint = hint;
      if (params.field_data !== undefined) field.fieldData = storedData(data);
      if (params.required !== undefined) field.required = params.required;
      if (params.editable_by_user !== undefined) field.editableByUser = params.editable_by_user;
      if (params.display_in_profile_summary !== undefined) {
        field.displayInProfileSummary = params.display_in_profile_summary;
      }
      if (params.use_for_user_matching !== undefined) field.useForUserMatching = params.use_for_user_matching;
      announce(store);
      return {};
    },
    adminFirst,
  ),

  userHandler(
    endpoint({ method: 'DELETE', path: '/realm/profile_fields/{field_id}', params: { field_id: int() } }),
    ({ core, params }) => {
      const { store } = core;
      const field = fieldById(store, params.field_id);
      store.profileFields.splice(store.profileFields.indexOf(field), 1);
      for (const user of store.users) user.profileData.delete(field.id);
      announce(store);
      return {};
    },
    adminFirst,
  ),

  userHandler(
    endpoint({ method: 'PATCH', path: '/realm/profile_fields', params: { order: intList() } }),
    ({ core, params }) => {
      const { store } = core;
      const position = new Map(params.order.map((id, index) => [id, index] as const));
      if (store.profileFields.some((f) => !position.has(f.id))) throw badRequest('Invalid order mapping.');
      for (const field of store.profileFields) field.order = position.get(field.id)!;
      announce(store);
      return {};
    },
    adminFirst,
  ),
];
