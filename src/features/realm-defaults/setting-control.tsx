import { Badge, Group, NativeSelect, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { NO_SOUND, soundLabel, userSettingValueLabel } from '../../shared/labels';
import type { SettingValue, UserSettingDef } from '../../shared/svc/user-settings-defaults';
import type { FormValue } from './settings-form';

interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The options, with the current value kept listed even when the console does not offer it. */
function choiceOptions(
  options: readonly { value: number | string; label: string; minLevel?: number }[],
  value: FormValue,
  level: number,
): SelectOption[] {
  const data: SelectOption[] = options.map((o) => ({
    value: String(o.value),
    label: level < (o.minLevel ?? 0) ? `${o.label} (needs server feature level ${o.minLevel})` : o.label,
    disabled: level < (o.minLevel ?? 0),
  }));
  if (value !== null && value !== '' && !data.some((o) => o.value === String(value))) {
    data.push({ value: String(value), label: `Other: ${String(value)}` });
  }
  if (value === null) data.unshift({ value: '', label: 'Not set', disabled: true });
  return data;
}

export interface SettingControlProps {
  def: UserSettingDef;
  value: FormValue;
  /** The server's current value (what "unsaved" is measured against). */
  serverValue: SettingValue | undefined;
  onChange: (value: FormValue) => void;
  disabled: boolean;
  /** Why this one setting cannot be edited here (server level), shown under it. */
  unavailable: string | null;
  error: string | null;
  level: number;
  /** Sounds the server offers (from its register state); null when unknown. */
  notificationSounds: readonly string[] | null;
}

/** What shows under a setting: its description, why it is read-only, and its saved value when changed here. */
function SettingDescription({ notes, changed }: { notes: readonly ReactNode[]; changed: boolean }) {
  return (
    <Stack gap={0} component="span">
      {notes.map((note, i) => (
        <Text key={i} span size="xs" c={changed && i === notes.length - 1 ? 'orange.8' : 'dimmed'} display="block">
          {note}
        </Text>
      ))}
    </Stack>
  );
}

/** One setting as a labelled control, chosen by its kind in the settings table. */
export function SettingControl(props: SettingControlProps) {
  const { def, value, serverValue, unavailable } = props;
  const disabled = props.disabled || unavailable !== null;
  const changed = unavailable === null && value !== serverValue;

  const notes: ReactNode[] = [];
  if (def.description) notes.push(def.description);
  if (def.name === 'twenty_four_hour_time' && serverValue === null && !changed) {
    notes.push("Not set: each user's language decides the time format.");
  }
  if (unavailable) notes.push(unavailable);
  if (changed) notes.push(`Unsaved change; saved value: ${userSettingValueLabel(def, serverValue)}.`);
  const description = notes.length ? <SettingDescription notes={notes} changed={changed} /> : undefined;
  const common = { ...props, disabled, description };

  switch (def.kind) {
    case 'boolean':
      return <BooleanControl {...common} def={def} />;
    case 'integer-choice':
    case 'text-choice':
      return <ChoiceControl {...common} def={def} />;
    case 'integer':
      return <IntegerControl {...common} def={def} />;
    case 'text':
      return <TextControl {...common} def={def} />;
  }
}

type KindProps<K extends UserSettingDef['kind']> = Omit<SettingControlProps, 'def'> & {
  def: Extract<UserSettingDef, { kind: K }>;
  description: ReactNode;
};

function BooleanControl({ def, value, description, disabled, error, onChange }: KindProps<'boolean'>) {
  return (
    <Switch
      label={
        disabled ? (
          <Group gap={6} component="span" wrap="nowrap">
            {def.label}
            {/* A read-only switch is faded: its state is also said in a badge of full colour. */}
            <Badge size="xs" variant="light" color={value === true ? 'teal' : 'gray'} component="span">
              {value === true ? 'On' : 'Off'}
            </Badge>
          </Group>
        ) : (
          def.label
        )
      }
      // Mantine puts the description inside the <label>: the name stays the label alone (the description
      // is still announced, through aria-describedby).
      aria-label={def.label}
      description={description}
      checked={value === true}
      disabled={disabled}
      error={error}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

function ChoiceControl(props: KindProps<'integer-choice' | 'text-choice'>) {
  const { def, value, description, disabled, error, onChange, level } = props;
  return (
    <NativeSelect
      label={def.label}
      description={description}
      data={choiceOptions(def.options, value, level)}
      value={value === null ? '' : String(value)}
      disabled={disabled}
      error={error}
      onChange={(event) => {
        const text = event.currentTarget.value;
        onChange(def.kind === 'integer-choice' ? Number(text) : text);
      }}
    />
  );
}

function IntegerControl({ def, value, description, disabled, error, onChange }: KindProps<'integer'>) {
  return (
    <NumberInput
      label={def.label}
      description={description}
      value={typeof value === 'number' ? value : ''}
      suffix={def.unit === '%' ? '%' : ` ${def.unit}`}
      min={def.min}
      max={def.max}
      step={def.step ?? 1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      disabled={disabled}
      error={error}
      onChange={(next) => onChange(typeof next === 'number' ? next : '')}
    />
  );
}

function TextControl(props: KindProps<'text'>) {
  const { def, value, description, disabled, error, onChange, level } = props;
  const sounds = def.name === 'notification_sound' ? props.notificationSounds : null;
  if (sounds) {
    const data = [NO_SOUND, ...sounds.filter((s) => s !== NO_SOUND)].map((s) => ({
      value: s,
      label: soundLabel(s),
    }));
    return (
      <NativeSelect
        label={def.label}
        description={description}
        data={choiceOptions(data, value, level)}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <TextInput
      label={def.label}
      description={description}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
