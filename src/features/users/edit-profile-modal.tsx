import { Button, Group, Modal, MultiSelect, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notify } from '../../client/notify';
import { useOpForm } from '../../client/op-form';
import { svcOps } from '../../shared/svc/catalog';
import { usePeople, type Person } from '../../client/people';
import { ServerError } from '../../components/server-error';
import type { CustomProfileField, User } from '../../shared/svc/records';
import { useEditUserProfile } from './api/edit-user-profile';
import { useCustomProfileFields } from './api/get-custom-profile-fields';
import { FIELD_TYPE, initialValue, profileChanges, valueProblem, type FormValue } from './profile-values';

const activeHumans = (people: Person[]) =>
  people.filter((p) => p.is_active && !p.is_bot).map((p) => ({ value: String(p.user_id), label: p.full_name }));

function options(field: CustomProfileField): { value: string; label: string }[] {
  try {
    const data = JSON.parse(field.field_data) as Record<string, { text?: string; order?: string }>;
    return Object.entries(data)
      .sort(([, a], [, b]) => Number(a.order ?? 0) - Number(b.order ?? 0))
      .map(([key, o]) => ({ value: key, label: o.text ?? key }));
  } catch {
    return [];
  }
}

export function EditProfileModal({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Edit the profile of ${user.full_name}`}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      size="lg"
    >
      {opened ? <EditProfileForm user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

type ProfileForm = { fullName: string; profile: Record<string, FormValue> };

/** The form over the name and every custom field, each judged by its type; the server's refusal on its field. */
function useProfileForm(user: User, fields: readonly CustomProfileField[]) {
  return useOpForm<ProfileForm>({
    initialValues: {
      fullName: user.full_name,
      profile: Object.fromEntries(fields.map((f) => [String(f.id), initialValue(f, user)])),
    },
    // The name's limits are the catalog's; a field's value is judged by its type, which the catalog cannot know.
    params: () => svcOps.updateUser.params,
    toParams: (values) => ({ user_id: user.user_id, full_name: values.fullName.trim() }),
    fields: { full_name: 'fullName' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.fullName.trim()) errors.fullName = 'Enter a name.';
      for (const field of fields) {
        const problem = valueProblem(field, values.profile[String(field.id)] ?? '');
        if (problem) errors[`profile.${field.id}`] = problem;
      }
      return errors;
    },
  }).form;
}

/** One custom field's input, as its type asks: text, long text, a choice, people or a date. */
function ProfileFieldInput({
  field,
  people,
  inputProps,
}: {
  field: CustomProfileField;
  people: { value: string; label: string }[];
  inputProps: ReturnType<ReturnType<typeof useProfileForm>['getInputProps']>;
}) {
  const common = { label: field.name, description: field.hint || undefined, ...inputProps };
  switch (field.type) {
    case FIELD_TYPE.longText:
      return <Textarea autosize minRows={2} {...common} />;
    case FIELD_TYPE.select:
      return <Select data={options(field)} clearable {...common} />;
    case FIELD_TYPE.users:
      return <MultiSelect data={people} searchable clearable {...common} />;
    case FIELD_TYPE.date:
      return <TextInput type="date" {...common} />;
    default:
      return <TextInput {...common} />;
  }
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const definitions = useCustomProfileFields();
  const fields = [...(definitions.data ?? [])].sort((a, b) => a.order - b.order);
  const people = usePeople(activeHumans);
  const edit = useEditUserProfile();
  const form = useProfileForm(user, fields);

  const submit = form.onSubmit((values) => {
    const fullName = values.fullName.trim();
    const changes = profileChanges(fields, user, values.profile);
    const nameChanged = fullName !== user.full_name;
    if (!nameChanged && changes.length === 0) return onDone();
    edit.mutate(
      { userId: user.user_id, ...(nameChanged ? { fullName } : {}), changes },
      {
        onSuccess: () => {
          notify('success', `edit-profile-${user.user_id}`, 'Profile saved', `The profile of ${fullName} was saved.`);
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} aria-label="Edit profile" noValidate>
      <Stack gap="sm">
        <TextInput
          label="Full name"
          maxLength={svcOps.updateUser.params.shape.full_name.unwrap().maxLength ?? undefined}
          {...form.getInputProps('fullName')}
        />
        {definitions.isPending ? <Text size="sm">Loading profile fields…</Text> : null}
        {fields.map((field) => (
          <ProfileFieldInput
            key={field.id}
            field={field}
            people={people.data ?? []}
            inputProps={form.getInputProps(`profile.${field.id}`)}
          />
        ))}
        <ServerError error={edit.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={edit.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
