import { Button, Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useOpForm } from '../../client/op-form';
import { notify } from '../../client/notify';
import { ServerError } from '../../components/server-error';
import { featureGateReason } from '../../shared/svc/features';
import {
  EXTERNAL_ACCOUNT_SUBTYPES,
  NOT_ON_CARD,
  PROFILE_FIELD_HINT_MAX,
  PROFILE_FIELD_NAME_MAX,
  PROFILE_FIELD_TYPE_ID,
  PROFILE_FIELD_TYPES,
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={field ? `Edit profile field “${field.name}”` : 'Add profile field'}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      size="lg"
    >
      {opened ? <FieldForm field={field} featureLevel={featureLevel} onCard={onCard} onDone={onClose} /> : null}
    </Modal>
  );
}

function FieldForm({
  field,
  featureLevel,
  onCard,
  onDone,
}: Omit<Props, 'opened' | 'onClose'> & { onDone: () => void }) {
  const create = useCreateProfileField();
  const update = useUpdateProfileField();
  const save = field ? update : create;
  const external = externalData(field);
  const { form } = useOpForm<Values>({
    initialValues: {
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
    },
    validate: (values) => ({
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
    }),
  });
  const type = Number(form.values.type);
  const gate = (feature: Parameters<typeof featureGateReason>[1]) => featureGateReason(featureLevel, feature);
  const cardFull = onCard >= 2 && !(field?.display_in_profile_summary ?? false);
  const cardReason = NOT_ON_CARD.has(type)
    ? 'Long text and user fields cannot be shown on the card.'
    : cardFull
      ? 'Two fields are shown on the card already.'
      : gate('profileFieldSummary');

  const submit = form.onSubmit((values) => {
    const t = Number(values.type);
    const fieldData =
      t === PROFILE_FIELD_TYPE_ID.select
        ? optionsData(lines(values.options), field?.field_data ?? '')
        : t === PROFILE_FIELD_TYPE_ID.externalAccount
          ? values.subtype === 'custom'
            ? { subtype: 'custom', url_pattern: values.urlPattern }
            : { subtype: values.subtype }
          : undefined;
    const settings = {
      ...(isDefaultExternal(values) ? {} : { name: values.name.trim(), hint: values.hint }),
      ...(fieldData ? { field_data: fieldData } : {}),
      ...(gate('profileFieldRequired') ? {} : { required: values.required }),
      ...(cardReason && !values.summary ? {} : { display_in_profile_summary: values.summary }),
      ...(gate('profileFieldEditableByUser') ? {} : { editable_by_user: values.editable }),
    };
    const done = (verb: string) => {
      notify(
        'success',
        `profile-field-${field?.id ?? 'new'}`,
        `Profile field ${verb}`,
        `“${values.name || 'Field'}” was ${verb}.`,
      );
      onDone();
    };
    if (field) update.mutate({ field_id: field.id, ...settings }, { onSuccess: () => done('saved') });
    else create.mutate({ field_type: t, ...settings }, { onSuccess: () => done('added') });
  });

  const typeData = PROFILE_FIELD_TYPES.map((t) => ({
    value: String(t.id),
    label: t.label,
    disabled: t.id === PROFILE_FIELD_TYPE_ID.pronouns && gate('profileFieldPronouns') !== null,
  }));

  return (
    <form onSubmit={submit} aria-label={field ? 'Edit profile field' : 'Add profile field'}>
      <Stack gap="sm">
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
        <Checkbox
          label="Required"
          description={gate('profileFieldRequired') ?? 'People are asked to fill it in.'}
          disabled={gate('profileFieldRequired') !== null}
          {...form.getInputProps('required', { type: 'checkbox' })}
        />
        <Checkbox
          label="Show on the user card"
          description={cardReason ?? 'At most two fields are shown on the card.'}
          disabled={cardReason !== null && !form.values.summary}
          {...form.getInputProps('summary', { type: 'checkbox' })}
        />
        <Checkbox
          label="People may edit it themselves"
          description={gate('profileFieldEditableByUser') ?? 'Off: only administrators can change its value.'}
          disabled={gate('profileFieldEditableByUser') !== null}
          {...form.getInputProps('editable', { type: 'checkbox' })}
        />
        <ServerError error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {field ? 'Save field' : 'Add field'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
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
