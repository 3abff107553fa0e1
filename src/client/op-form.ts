import { useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from './api-error';
import { catalogResolver } from './catalog-resolver';

// Any object: Mantine's own constraint, which interfaces (without an index signature) also meet.
type Values = object;
type Schema = Parameters<typeof catalogResolver>[0] extends () => infer S ? S : never;

export interface OpFormOptions<V extends Values> {
  initialValues: V;
  mode?: UseFormInput<V>['mode'];
  onValuesChange?: UseFormInput<V>['onValuesChange'];
  /**
   * The schema of the parameters this form sends (a catalog operation's `params`): the form refuses what the
   * BFF would refuse, with the same words, from the one definition.
   */
  params?: () => Schema;
  /** The form's values as that operation's parameters (trimmed, renamed, only what changed, …). */
  toParams?: (values: V) => unknown;
  /** A parameter's form field when their names differ (`full_name` → `fullName`). */
  fields?: Readonly<Record<string, string>>;
  /**
   * The form's own checks, for what the operation's schema cannot know (a name the form requires, a choice
   * not yet made). They win over the schema's message for the same field.
   */
  validate?: (values: V) => FormErrors;
}

export interface OpForm<V extends Values> {
  form: UseFormReturnType<V>;
  /** The errors the values have now, for explaining a disabled Save before anyone presses it. */
  problems: () => FormErrors;
  /**
   * Puts a refusal on the field it names (the BFF's `field`, the chat server's `var_name`, or `field` given
   * here), in the server's words verbatim, with the focus there. False when the refusal names no field of this form:
   * the caller shows it above the buttons instead.
   */
  placeRefusal: (error: unknown, field?: string | null) => boolean;
  /** The field of this form a refusal names, if any (what `placeRefusal` would mark), without marking it. */
  refusalField: (error: unknown, field?: string | null) => string | null;
}

/**
 * The one way a console form is built: Mantine's form state, the catalog's schema for the parameters as its
 * validation, the form's own checks on top, and the server's refusal placed on its field. Values stay as typed
 * whatever the server answers; the caller closes the form only on success.
 */
export function useOpForm<V extends Values>(options: OpFormOptions<V>): OpForm<V> {
  const { params, toParams, fields, validate: own } = options;
  // A plain function: callers pass `fields` inline, so a memo keyed on it would be rebuilt every render anyway.
  const toField = (path: string): string => {
    const [head = '', ...rest] = path.split('.');
    return [fields?.[head] ?? head, ...rest].join('.');
  };
  // Built once per form; the schema itself only on the first check (see catalogResolver).
  const [check] = useState(() => (params ? catalogResolver(params) : null));
  const validate = (values: V): FormErrors => {
    // A schema error on a parameter no field of this form holds (a derived one, `field_data`…) would block
    // the submit with nothing shown; the BFF checks it again and its refusal shows above the buttons.
    const fromSchema =
      check && toParams ? onFields(renameKeys(check(toParams(values)), toField), values) : ({} as FormErrors);
    return { ...fromSchema, ...dropEmpty(own?.(values) ?? {}) };
  };
  const form = useForm<V>({
    mode: options.mode ?? 'controlled',
    initialValues: options.initialValues,
    onValuesChange: options.onValuesChange,
    validate,
  });

  const refusalField = (error: unknown, field?: string | null): string | null => {
    if (!(error instanceof ApiError)) return null;
    const named = field ?? stringOrNull(error.envelope.field) ?? stringOrNull(error.envelope.var_name);
    if (!named) return null;
    const path = toField(named);
    return hasPath(form.getValues(), path) ? path : null;
  };
  const placeRefusal = (error: unknown, field?: string | null): boolean => {
    const path = refusalField(error, field);
    if (path === null || !(error instanceof ApiError)) return false;
    form.setFieldError(path, error.envelope.msg);
    form.getInputNode(path)?.focus();
    return true;
  };

  return { form, problems: () => validate(form.getValues()), placeRefusal, refusalField };
}

function renameKeys(errors: FormErrors, rename: (path: string) => string): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, error]) => [rename(path), error]));
}

function onFields(errors: FormErrors, values: unknown): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => hasPath(values, path)));
}

function dropEmpty(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error !== null && error !== undefined));
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}
