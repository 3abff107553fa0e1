import { Alert, Checkbox, Group, List, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useOpForm } from '../../client/op-form';
import { notify } from '../../client/notify';
import { usePeople } from '../../client/people';
import { LoadError } from '../../components/load-error';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import { userSettingValueLabel } from '../../shared/labels';
import { USER_SETTINGS_BY_NAME } from '../../shared/svc/user-settings-defaults';
import { useApplyToExistingUsers, type ApplyToExistingParams } from './api/apply-to-existing-users';
import {
  applicableSettings,
  applyParams,
  appliedMessage,
  audienceOf,
  audienceSentence,
  type Audience,
} from './apply-to-existing';
import type { Defaults } from './settings-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  defaults: Defaults;
  featureLevel: number;
  /** Settings saved in this visit: chosen to start with. */
  recentlySaved: readonly string[];
}

export function ApplyToExistingModal({ opened, onClose, ...rest }: Props) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Apply defaults to existing users?" size="lg">
      {/* Inside the modal body: the choice starts fresh each time the dialog opens. */}
      <ApplyForm onDone={onClose} {...rest} />
    </FormDialog>
  );
}

interface ApplyValues {
  names: string[];
  skipEdited: boolean;
}

function ApplyForm({
  defaults,
  featureLevel,
  recentlySaved,
  onDone,
}: Omit<Props, 'opened' | 'onClose'> & { onDone: () => void }) {
  const people = usePeople();
  const apply = useApplyToExistingUsers();
  const settings = applicableSettings(defaults, featureLevel);
  const allowed = new Set(settings.filter((s) => s.reason === null).map((s) => s.def.name));
  const { form } = useOpForm<ApplyValues>({
    initialValues: { names: recentlySaved.filter((name) => allowed.has(name)), skipEdited: true },
    validate: (values) => ({ names: values.names.length === 0 ? 'Choose at least one setting to apply.' : null }),
  });
  const audience = people.data ? audienceOf(people.data) : null;
  const options = settingOptions(settings, defaults);

  const submit = form.onSubmit((values) => {
    if (!audience) return;
    // Settings in the table's order, as the server applies them.
    const names = settings.map((s) => s.def.name).filter((name) => values.names.includes(name));
    const params = applyParams(names, defaults, audience, values.skipEdited) as ApplyToExistingParams;
    apply.mutate(params, {
      onSuccess: (result) => {
        const said = appliedMessage(names, result.ignored_parameters_unsupported ?? [], audience, values.skipEdited);
        notify('success', 'realm-defaults-applied', said.title, said.message);
        onDone();
      },
    });
  });

  return (
    <DialogForm
      onFormSubmit={submit}
      aria-label="Apply defaults to existing users"
      submitLabel={
        audience
          ? `Apply to ${audience.userIds.length} ${audience.userIds.length === 1 ? 'person' : 'people'}`
          : 'Apply'
      }
      color="orange"
      onCancel={onDone}
      pending={apply.isPending}
      disabled={!audience || form.values.names.length === 0}
      error={apply.error}
      errorTitle="Not applied; your choice is kept"
    >
      <Text size="sm">
        The chosen settings are set to their saved default for people who already have accounts. People can change them
        again afterwards.
      </Text>
      <MultiSelect
        label="Settings to apply"
        description="Each with its saved default. Privacy, presence and email choices stay each person's own."
        data={options}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('names')}
      />
      <Checkbox
        label="Skip people who changed a setting themselves"
        description="For each setting, the server leaves out anyone who has ever changed it on their own."
        {...form.getInputProps('skipEdited', { type: 'checkbox' })}
      />
      <WhoIsAffected query={people} audience={audience} />
      <Chosen names={form.values.names} defaults={defaults} />
    </DialogForm>
  );
}

/** Who the change goes to, once the people are counted. */
function WhoIsAffected({ query, audience }: { query: ReturnType<typeof usePeople>; audience: Audience | null }) {
  if (query.isError) {
    return (
      <LoadError title="The people could not be counted" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (!audience) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Counting the people it would reach…</Text>
      </Group>
    );
  }
  return (
    <Alert color="orange" variant="light" title="Who is affected" role="note">
      {audienceSentence(audience)}
    </Alert>
  );
}

/** Each setting with its saved default; those people decide for themselves cannot be chosen. */
function settingOptions(settings: ReturnType<typeof applicableSettings>, defaults: Defaults) {
  return settings.map(({ def, reason }) => ({
    value: def.name,
    label: `${def.label}: ${userSettingValueLabel(def, defaults[def.name])}${reason ? ' (each person decides)' : ''}`,
    disabled: reason !== null,
  }));
}

/** The chosen settings with the value each person gets (or why nothing can be applied yet). */
function Chosen({ names, defaults }: { names: readonly string[]; defaults: Defaults }) {
  if (names.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Applying is possible once at least one setting is chosen.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        They will get
      </Text>
      <List size="sm" aria-label="Settings they will get">
        {names.map((name) => {
          const def = USER_SETTINGS_BY_NAME.get(name);
          return (
            <List.Item key={name}>
              {def ? `${def.label}: ${userSettingValueLabel(def, defaults[name])}` : name}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
