import { z } from 'zod';
import { decodeParams, FEATURE_LEVELS, type SvcOperation, type SvcOpId } from '../../shared/svc';
import { userSettingParamExists } from '../../shared/svc/user-settings-defaults';
import { badRequest, missingArgument } from './errors';
import { UPDATE_CHANNEL_PARAM_LEVELS } from './handlers/channel-settings';

/**
 * Parameters that arrived later than their endpoint: on an older server they are unknown, so they are
 * ignored and reported like any other unsupported parameter.
 */
const PARAM_MIN_LEVELS: Partial<Record<SvcOpId, Record<string, number>>> = {
  getUsers: { user_ids: 384 },
  deactivateUser: { deactivation_notification_comment: 135 },
  updateMessage: { prev_content_sha256: FEATURE_LEVELS.editContentGuard },
  updateChannel: UPDATE_CHANNEL_PARAM_LEVELS,
};

/** Operations whose parameters come and go with the level in their own table (appear, and are removed). */
const PARAM_EXISTS: Partial<Record<SvcOpId, (name: string, level: number) => boolean>> = {
  updateRealmUserSettingsDefaults: userSettingParamExists,
};

export interface ParsedParams {
  values: Record<string, unknown>;
  /** Names to report in `ignored_parameters_unsupported`, in the order they arrived. */
  ignored: string[];
}

// Rebuilt from the shape: that drops strictness (unknown keys are reported, not refused) and object-level
// refinements, whose checks the handlers make in the server's own order.
const fieldSchemas = new WeakMap<SvcOperation, z.ZodObject>();
function fieldSchemaOf(op: SvcOperation): z.ZodObject {
  let schema = fieldSchemas.get(op);
  if (!schema) {
    schema = z.object(op.params.shape);
    fieldSchemas.set(op, schema);
  }
  return schema;
}

// Marks issues that carry zod's generic wording: a per-parse error map loses to messages written into the
// schema, so anything else is a message the catalog chose on purpose.
const GENERIC = '\u0000generic';

/**
 * Decodes and checks request parameters the server's way: missing required → REQUEST_VARIABLE_MISSING,
 * wrong value → "Invalid <name>" (or the catalog's own message), unknown → ignored and reported.
 */
export function parseParams(
  op: SvcOperation,
  raw: readonly [string, string][],
  pathParams: Record<string, unknown>,
  level: number,
  pretendUnsupported: readonly string[],
): ParsedParams {
  const shape = op.params.shape as Record<string, z.ZodType>;
  const tooNew = PARAM_MIN_LEVELS[op.id as SvcOpId] ?? {};
  const exists = PARAM_EXISTS[op.id as SvcOpId] ?? (() => true);
  const ignored: string[] = [];
  const kept: [string, string][] = [];
  for (const [name, text] of raw) {
    if (name in pathParams) continue;
    const known =
      Object.hasOwn(shape, name) &&
      level >= (tooNew[name] ?? 0) &&
      exists(name, level) &&
      !pretendUnsupported.includes(name);
    if (known) kept.push([name, text]);
    else if (!ignored.includes(name)) ignored.push(name);
  }
  const { values } = decodeParams(shape, kept);
  Object.assign(values, pathParams);

  for (const [name, schema] of Object.entries(shape)) {
    if (values[name] === undefined && !schema.safeParse(undefined).success) throw missingArgument(name);
  }
  const parsed = fieldSchemaOf(op).safeParse(values, { error: () => GENERIC });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'parameters');
    throw badRequest(issue && issue.message !== GENERIC ? issue.message : `Invalid ${name}`);
  }
  return { values: parsed.data, ignored };
}

/** Whether the server of this level reports ignored parameters at all. */
export function reportsIgnoredParameters(level: number): boolean {
  return level >= FEATURE_LEVELS.ignoredParametersUnsupported;
}
