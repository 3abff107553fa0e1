import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '../../client/api-error';
import { useOpForm } from '../../client/op-form';
import { svcOps } from '../../shared/svc/catalog';
import { notify } from '../../client/notify';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import { paramLabel } from '../../shared/labels';
import { featureGateReason } from '../../shared/svc/features';
import {
  EXTERNAL_ACCOUNT_SUBTYPES,
  MATCHABLE_FIELD_TYPES,
  MATCHABLE_ONLY_MSG,
  notOnCardReason,
  PROFILE_FIELD_HINT_MAX,
  PROFILE_FIELD_NAME_MAX,
  PROFILE_FIELD_NAME_TAKEN_MSG,
  PROFILE_FIELD_TYPE_ID,
  PROFILE_FIELD_TYPES,
  PROFILE_SUMMARY_MAX,
  selectOptions,
  type ProfileField,
  type SelectOption,
} from '../../shared/svc/profile-fields';
import { useCreateProfileField, useUpdateProfileField } from './api/save-profile-field';

interface Values {
  type: string;
  name: string;
  hint: string;
  options: string;
  subtype: string;
  urlPattern: string;
  required: boolean;
  summary: boolean;
  editable: boolean;
  matching: boolean;
}

/** Option texts become `field_data`, keeping the key of each option that already existed (people's values use it). */
export function optionsData(texts: readonly string[], existing: string): Record<string, SelectOption> {
  const old = selectOptions(existing);
  const keyOf = new Map(old.map((o) => [o.text, o.key] as const));
  let next = old.reduce((max, o) => Math.max(max, Number.isInteger(Number(o.key)) ? Number(o.key) : -1), -1) + 1;
  const out: Record<string, SelectOption> = {};
  texts.forEach((text, index) => {
    const key = keyOf.get(text) ?? String(next++);
    out[key] = { text, order: String(index + 1) };
  });
  return out;
}

function externalData(field: ProfileField | null): { subtype: string; urlPattern: string } {
  try {
    const data = JSON.parse(field?.field_data ?? '') as { subtype?: string; url_pattern?: string };
    return { subtype: data.subtype ?? 'custom', urlPattern: data.url_pattern ?? '' };
  } catch {
    return { subtype: 'github', urlPattern: '' };
  }
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The field to edit; null to add one. */
  field: ProfileField | null;
  featureLevel: number;
  /** How many fields are on the profile card already (the server allows 2). */
  onCard: number;
}

export function FieldFormModal({ opened, onClose, field, featureLevel, onCard }: Props) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={field ? `Edit profile field “${field.name}”` : 'Add profile field'}
      size="lg"
    >
      {opened ? <FieldForm field={field} featureLevel={featureLevel} onCard={onCard} onDone={onClose} /> : null}
    </FormDialog>
  );
}

/** What each gated setting of the form can do on this server and for this type, with the reason when not. */
interface Gates {
  required: string | null;
  card: string | null;
  editable: string | null;
  matching: string | null;
}

function gatesOf(type: number, featureLevel: number, cardFull: boolean): Gates {
  const gate = (feature: Parameters<typeof featureGateReason>[1]) => featureGateReason(featureLevel, feature);
  return {
    required: gate('profileFieldRequired'),
    card:
      gate('profileFieldSummary') ??
      notOnCardReason(type, featureLevel) ??
      (cardFull ? 'Two fields are shown on the card already.' : null),
    editable: gate('profileFieldEditableByUser'),
    matching: gate('profileFieldUserMatching') ?? (MATCHABLE_FIELD_TYPES.has(type) ? null : MATCHABLE_ONLY_MSG),
  };
}

/** The settings the form sends: only what this server takes for this type (a gated setting is left out). */
function settingsOf(values: Values, field: ProfileField | null, gates: Gates) {
  const t = Number(values.type);
  const fieldData =
    t === PROFILE_FIELD_TYPE_ID.select
      ? optionsData(lines(values.options), field?.field_data ?? '')
      : t === PROFILE_FIELD_TYPE_ID.externalAccount
        ? values.subtype === 'custom'
          ? { subtype: 'custom', url_pattern: values.urlPattern }
          : { subtype: values.subtype }
        : undefined;
  return {
    ...(isDefaultExternal(values) ? {} : { name: values.name.trim(), hint: values.hint }),
    ...(fieldData ? { field_data: fieldData } : {}),
    ...(gates.required ? {} : { required: values.required }),
    // Turning the card off is always possible, even where turning it on is not.
    ...(gates.card && !values.summary ? {} : { display_in_profile_summary: values.summary }),
    ...(gates.editable ? {} : { editable_by_user: values.editable }),
    ...(gates.matching ? {} : { use_for_user_matching: values.matching }),
  };
}

/** A parameter's field in this form, where a refusal about it is shown. */
const FORM_FIELDS = {
  display_in_profile_summary: 'summary',
  editable_by_user: 'editable',
  use_for_user_matching: 'matching',
  field_type: 'type',
} as const;

function FieldForm({
  field,
  featureLevel,
  onCard,
  onDone,
}: Omit<Props, 'opened' | 'onClose'> & { onDone: () => void }) {
  const create = useCreateProfileField();
  const update = useUpdateProfileField();
  const save = field ? update : create;
  const cardFull = onCard >= PROFILE_SUMMARY_MAX && !(field?.display_in_profile_summary ?? false);
  const { form, placeRefusal, refusalField } = useOpForm<Values>({
    initialValues: initialValues(field),
    params: () => (field ? svcOps.updateCustomProfileField.params : svcOps.createCustomProfileField.params),
    toParams: (values) => {
      const settings = settingsOf(values, field, gatesOf(Number(values.type), featureLevel, cardFull));
      return field ? { field_id: field.id, ...settings } : { field_type: Number(values.type), ...settings };
    },
    fields: FORM_FIELDS,
    validate: validateValues,
  });
  const gates = gatesOf(Number(form.values.type), featureLevel, cardFull);

  const submit = form.onSubmit((values) => {
    const settings = settingsOf(values, field, gates);
    const done = (answer: { ignored_parameters_unsupported?: string[] | undefined }) => {
      reportSaved(field, values, answer.ignored_parameters_unsupported ?? []);
      onDone();
    };
    // A refusal about one setting goes on it, in the server's words; everything typed stays. A name another
    // field has is refused without naming the parameter: it goes on Name all the same.
    const onError = (error: unknown) => placeRefusal(error, nameTaken(error) ? 'name' : null);
    if (field) update.mutate({ field_id: field.id, ...settings }, { onSuccess: done, onError });
    else create.mutate({ field_type: Number(values.type), ...settings }, { onSuccess: done, onError });
  });
  const refusalOnField =
    save.error instanceof ApiError && refusalField(save.error, nameTaken(save.error) ? 'name' : null) !== null;

  return (
    <DialogForm
      onFormSubmit={submit}
      aria-label={field ? 'Edit profile field' : 'Add profile field'}
      gap="sm"
      submitLabel={field ? 'Save field' : 'Add field'}
      onCancel={onDone}
      pending={save.isPending}
      error={refusalOnField ? null : save.error}
    >
      <TypeFields form={form} field={field} featureLevel={featureLevel} />
      <SettingFields form={form} gates={gates} />
    </DialogForm>
  );
}

function initialValues(field: ProfileField | null): Values {
  const external = externalData(field);
  return {
    type: String(field?.type ?? PROFILE_FIELD_TYPE_ID.shortText),
    name: field?.name ?? '',
    hint: field?.hint ?? '',
    options: field
      ? selectOptions(field.field_data)
          .map((o) => o.text)
          .join('\n')
      : '',
    subtype: field ? external.subtype : 'custom',
    urlPattern: external.urlPattern,
    required: field?.required ?? false,
    summary: field?.display_in_profile_summary ?? false,
    editable: field?.editable_by_user ?? true,
    matching: field?.use_for_user_matching ?? false,
  };
}

function validateValues(values: Values) {
  return {
    name: isDefaultExternal(values)
      ? null
      : !values.name.trim()
        ? 'Enter a name.'
        : values.name.length > PROFILE_FIELD_NAME_MAX
          ? `At most ${PROFILE_FIELD_NAME_MAX} characters.`
          : null,
    hint: values.hint.length > PROFILE_FIELD_HINT_MAX ? `At most ${PROFILE_FIELD_HINT_MAX} characters.` : null,
    options: optionsProblem(values),
    urlPattern:
      Number(values.type) === PROFILE_FIELD_TYPE_ID.externalAccount &&
      values.subtype === 'custom' &&
      values.urlPattern.split('%(username)s').length !== 2
        ? 'The URL pattern must contain %(username)s once.'
        : null,
  };
}

/** The toast claims what the answer confirmed: a setting the server said it ignored is named as not saved. */
function reportSaved(field: ProfileField | null, values: Values, ignored: readonly string[]): void {
  const verb = field ? 'saved' : 'added';
  const name = values.name || 'Field';
  const notSaved = ignored.map((p) => paramLabel(p).toLowerCase());
  notify(
    notSaved.length > 0 ? 'info' : 'success',
    `profile-field-${field?.id ?? 'new'}`,
    `Profile field ${verb}`,
    notSaved.length > 0
      ? `“${name}” was ${verb}, but the server ignored: ${notSaved.join(', ')}.`
      : `“${name}” was ${verb}.`,
  );
}

function TypeFields({
  form,
  field,
  featureLevel,
}: {
  form: UseFormReturnType<Values>;
  field: ProfileField | null;
  featureLevel: number;
}) {
  const type = Number(form.values.type);
  const typeData = PROFILE_FIELD_TYPES.map((t) => ({
    value: String(t.id),
    label: t.label,
    disabled:
      t.id === PROFILE_FIELD_TYPE_ID.pronouns && featureGateReason(featureLevel, 'profileFieldPronouns') !== null,
  }));
  return (
    <>
      <Select
        label="Type"
        data={typeData}
        allowDeselect={false}
        disabled={field !== null}
        description={field ? 'The type of an existing field cannot change.' : undefined}
        {...form.getInputProps('type')}
      />
      {type === PROFILE_FIELD_TYPE_ID.externalAccount ? (
        <Select
          label="Account type"
          data={EXTERNAL_ACCOUNT_SUBTYPES.map((s) => ({ value: s.id, label: s.label }))}
          allowDeselect={false}
          disabled={field !== null}
          {...form.getInputProps('subtype')}
        />
      ) : null}
      {isDefaultExternal(form.values) ? null : (
        <>
          <TextInput label="Name" maxLength={PROFILE_FIELD_NAME_MAX} {...form.getInputProps('name')} />
          <TextInput label="Hint" maxLength={PROFILE_FIELD_HINT_MAX} {...form.getInputProps('hint')} />
        </>
      )}
      {type === PROFILE_FIELD_TYPE_ID.externalAccount && form.values.subtype === 'custom' ? (
        <TextInput
          label="URL pattern"
          description="For example https://example.com/%(username)s"
          {...form.getInputProps('urlPattern')}
        />
      ) : null}
      {type === PROFILE_FIELD_TYPE_ID.select ? (
        <Textarea
          label="Options"
          description="One option per line, in order."
          autosize
          minRows={3}
          {...form.getInputProps('options')}
        />
      ) : null}
    </>
  );
}

/** Each gated setting is disabled with its reason; one already on stays changeable, so it can be turned off. */
function SettingFields({ form, gates }: { form: UseFormReturnType<Values>; gates: Gates }) {
  return (
    <>
      <Checkbox
        label="Required"
        description={gates.required ?? 'People are asked to fill it in.'}
        disabled={gates.required !== null}
        {...form.getInputProps('required', { type: 'checkbox' })}
      />
      <Checkbox
        label="Show on the user card"
        description={gates.card ?? 'At most two fields are shown on the card.'}
        disabled={gates.card !== null && !form.values.summary}
        {...form.getInputProps('summary', { type: 'checkbox' })}
      />
      <Checkbox
        label="People may edit it themselves"
        description={gates.editable ?? 'Off: only administrators can change its value.'}
        disabled={gates.editable !== null}
        {...form.getInputProps('editable', { type: 'checkbox' })}
      />
      <Checkbox
        label="Match people by it in name suggestions"
        description={
          gates.matching ??
          'Typing part of someone’s value here, when mentioning or messaging, suggests them as if it were their name.'
        }
        disabled={gates.matching !== null}
        {...form.getInputProps('matching', { type: 'checkbox' })}
        // A type that cannot be matched is never sent as matched, so it is not shown ticked either.
        checked={form.values.matching && gates.matching === null}
      />
    </>
  );
}

function nameTaken(error: unknown): boolean {
  return error instanceof ApiError && error.envelope.msg === PROFILE_FIELD_NAME_TAKEN_MSG;
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

function isDefaultExternal(values: Pick<Values, 'type' | 'subtype'>): boolean {
  return Number(values.type) === PROFILE_FIELD_TYPE_ID.externalAccount && values.subtype !== 'custom';
}

function optionsProblem(values: Values): string | null {
  if (Number(values.type) !== PROFILE_FIELD_TYPE_ID.select) return null;
  const texts = lines(values.options);
  if (texts.length === 0) return 'Enter at least one option.';
  return new Set(texts).size !== texts.length ? 'Each option must be different.' : null;
}
