import { badRequest, mustBeOwner, noSuchUser } from '../errors';
import { canSeeRealEmail, formatOwnUser, formatUser, type FormatOptions } from '../format-user';
import { endpoint, userHandler } from '../handler';
import { changeFullName, changeRole, deactivate, reactivate, setProfileField } from '../mutations';
import { isOnlyOwner } from '../permissions';
import { PROFILE_FIELD_TYPE, type SimUser, type SvcStore } from '../store';
import { bool, int, intList, json, listOf, text } from '../param-spec';
import { profileDataEntry, roleValue } from '../wire-values';
import { SIM_LEVELS } from '../levels';
import { applyDeactivationActions, deactivationActionsValue } from '../deactivation-actions';

/** No messages exist until message handling arrives; -1 is how the server says "none". */
const NO_MESSAGES_MAX_ID = -1;

function formatOptions(params: { client_gravatar?: boolean; include_custom_profile_fields?: boolean }): FormatOptions {
  return {
    clientGravatar: params.client_gravatar ?? true,
    includeCustomProfileFields: params.include_custom_profile_fields ?? false,
  };
}

/**
 * From level 302 a real address finds its user only if the caller may see it, and the dummy
 * `user{id}@{host}` works for everybody; before that only the API email (`email` field) matched.
 */
function userByEmail(store: SvcStore, me: SimUser, email: string): SimUser {
  if (store.featureLevel >= SIM_LEVELS.realEmailLookup) {
    const dummy = /^user(\d+)@(.+)$/i.exec(email);
    if (dummy && dummy[2]?.toLowerCase() === store.realm.host.toLowerCase()) {
      const byId = store.user(Number(dummy[1]));
      if (byId) return byId;
    }
    const real = store.userByDeliveryEmail(email);
    if (real && canSeeRealEmail(me, real)) return real;
    throw noSuchUser();
  }
  const byApiEmail = store.userByApiEmail(email);
  if (!byApiEmail) throw noSuchUser();
  return byApiEmail;
}

const PROFILE_TEXT_LIMITS: Record<number, number> = {
  [PROFILE_FIELD_TYPE.shortText]: 50,
  [PROFILE_FIELD_TYPE.pronouns]: 50,
  [PROFILE_FIELD_TYPE.longText]: 500,
  [PROFILE_FIELD_TYPE.url]: 2048,
  [PROFILE_FIELD_TYPE.select]: 2048,
  [PROFILE_FIELD_TYPE.date]: 50,
  [PROFILE_FIELD_TYPE.externalAccount]: 50,
};

interface ProfileChange {
  fieldId: number;
  fieldType: number;
  value: string;
}

/** Checks every entry before anything changes, so a bad entry leaves the user untouched. */
function checkProfileData(store: SvcStore, entries: readonly { id: number; value: unknown }[]): ProfileChange[] {
  return entries.map(({ id, value }) => {
    const field = store.profileField(id);
    if (!field) throw badRequest(`Field id ${id} not found.`);
    // An empty value clears the field, whatever its type.
    if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
      return { fieldId: id, fieldType: field.type, value: '' };
    }
    if (field.type === PROFILE_FIELD_TYPE.user) {
      if (!Array.isArray(value)) throw badRequest(`${field.name} is not a list`);
      for (const userId of value) {
        const user = typeof userId === 'number' ? store.user(userId) : undefined;
        if (!user || !user.isActive) throw badRequest(`Invalid user ID: ${String(userId)}`);
      }
      return { fieldId: id, fieldType: field.type, value: JSON.stringify(value) };
    }
    if (typeof value !== 'string') throw badRequest(`${field.name} is not a string`);
    checkTypedValue(field.name, field.type, field.fieldData ?? '', value);
    const limit = PROFILE_TEXT_LIMITS[field.type] ?? 50;
    if (value.length > limit) throw badRequest(`${field.name} is too long (limit: ${limit} characters)`);
    return { fieldId: id, fieldType: field.type, value: value.trim() };
  });
}

/** Dates, links and options are checked by their type, with the server's messages. */
function checkTypedValue(name: string, type: number, fieldData: string, value: string): void {
  if (type === PROFILE_FIELD_TYPE.date && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))) {
    throw badRequest(`${name} is not a date`);
  }
  if (type === PROFILE_FIELD_TYPE.url && !URL.canParse(value)) throw badRequest(`${name} is not a URL`);
  if (type === PROFILE_FIELD_TYPE.select) {
    let options: Record<string, unknown> = {};
    try {
      options = JSON.parse(fieldData) as Record<string, unknown>;
    } catch {
      // No options: every value is refused.
    }
    if (!Object.hasOwn(options, value)) throw badRequest(`'${value}' is not a valid choice for '${name}'.`);
  }
}

/** The longest full name the server stores. */
const MAX_NAME_LENGTH = 100;

export const userHandlers = [
  userHandler(endpoint({ method: 'GET', path: '/users/me', params: {} }), ({ core, me }) =>
    formatOwnUser(core.store, me, NO_MESSAGES_MAX_ID),
  ),

  userHandler(
    endpoint({
      method: 'GET',
      path: '/users',
      params: {
        client_gravatar: bool().optional(),
        include_custom_profile_fields: bool().optional(),
        user_ids: intList().optional().from(SIM_LEVELS.getUsersByIds),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const options = formatOptions(params);
      let targets: readonly SimUser[] = store.users;
      if (params.user_ids) {
        targets = params.user_ids.map((id) => {
          const user = store.user(id);
          if (!user) throw badRequest(`Invalid user ID: ${id}`);
          return user;
        });
      }
      const members = [];
      for (const target of targets) members.push(formatUser(store, me, target, options));
      return { members };
    },
  ),

  userHandler(
    endpoint({
      method: 'GET',
      path: '/users/{user_id}',
      params: { user_id: int(), client_gravatar: bool().optional(), include_custom_profile_fields: bool().optional() },
    }),
    ({ core, me, params }) => {
      const target = core.store.user(params.user_id);
      if (!target) throw noSuchUser();
      return { user: formatUser(core.store, me, target, formatOptions(params)) };
    },
  ),

  userHandler(
    endpoint({
      method: 'GET',
      path: '/users/{email}',
      params: { email: text(), client_gravatar: bool().optional(), include_custom_profile_fields: bool().optional() },
    }),
    ({ core, me, params }) => {
      const target = userByEmail(core.store, me, params.email);
      return { user: formatUser(core.store, me, target, formatOptions(params)) };
    },
  ),

  userHandler(
    endpoint({
      method: 'PATCH',
      path: '/users/{user_id}',
      params: {
        user_id: int(),
        full_name: text().optional(),
        role: json(roleValue).optional(),
        profile_data: json(listOf(profileDataEntry)).optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const target = store.user(params.user_id);
      if (!target) throw noSuchUser();
      const { role } = params;
      if (role !== undefined && role !== target.role) {
        // Only owners may make or unmake owners.
        if ((role === 100 || target.role === 100) && me.role !== 100) throw mustBeOwner();
        if (isOnlyOwner(store, target)) {
          throw badRequest('The owner permission cannot be removed from the only organization owner.');
        }
      }
      const profileChanges = params.profile_data ? checkProfileData(store, params.profile_data) : [];

      if (role !== undefined) changeRole(store, target, role);
      // A blank name changes nothing (the real server answers success and keeps the name).
      const fullName = params.full_name?.trim();
      if (fullName !== undefined && fullName !== '') {
        if (fullName.length > MAX_NAME_LENGTH) throw badRequest('Name too long!');
        changeFullName(store, target, fullName);
      }
      for (const change of profileChanges)
        setProfileField(store, target, change.fieldId, change.fieldType, change.value);
      return {};
    },
    { adminBeforeParams: true },
  ),

  userHandler(
    endpoint({
      method: 'DELETE',
      path: '/users/{user_id}',
      params: {
        user_id: int(),
        deactivation_notification_comment: text().optional().from(SIM_LEVELS.deactivationComment),
        actions: json(deactivationActionsValue).optional().from(SIM_LEVELS.deactivationActions),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const target = store.user(params.user_id);
      if (!target || !target.isActive || target.isBot) throw noSuchUser();
      if (target.role === 100 && me.role !== 100) throw mustBeOwner();
      if (isOnlyOwner(store, target)) throw badRequest('Cannot deactivate the only organization owner');
      const bots = store.users.filter((u) => u.isBot && u.isActive && u.botOwnerId === target.user_id);
      deactivate(store, target, params.deactivation_notification_comment);
      // As for the deactivation itself, the target's bots first, then the target.
      const { actions } = params;
      if (actions) for (const account of [...bots, target]) applyDeactivationActions(store, account, actions);
      return {};
    },
    // A real server (level 372) words this refusal as a plain BAD_REQUEST, not UNAUTHORIZED_PRINCIPAL.
    { adminBeforeParams: true, adminError: () => badRequest('Insufficient permission') },
  ),

  userHandler(
    endpoint({ method: 'POST', path: '/users/{user_id}/reactivate', params: { user_id: int() } }),
    ({ core, me, params }) => {
      const target = core.store.user(params.user_id);
      if (!target) throw noSuchUser();
      if (target.isActive) throw badRequest('User is already active.');
      reactivate(core.store, target, me);
      return {};
    },
    { adminBeforeParams: true },
  ),
];
