import { Checkbox, MultiSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { notify } from '../../client/notify';
import { GroupSettingPicker } from '../../components/group-setting-picker';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import type { GroupSettingValue } from '../../shared/svc/group-settings';
import {
  USER_GROUP_LEVELS,
  USER_GROUP_PERMISSION_SETTINGS,
  USER_GROUP_SETTING_DISALLOWED,
  userGroupNameProblem,
  type UserGroupPermissionSetting,
} from '../../shared/svc/user-groups';
import { useCreateUserGroup, type CreateUserGroupParams } from './api/create-user-group';
import { settingProblem, type SettingValues } from './setting-changes';
import { USER_GROUP_PERMISSION_LABELS } from '../../shared/labels';
import type { GroupData } from './use-group-data';

interface CreateGroupModalProps {
  opened: boolean;
  onClose: () => void;
  /** The new group's ID, or null when the server does not say (before level 317). */
  onCreated: (id: number | null) => void;
  data: GroupData;
}

export function CreateGroupModal({ opened, onClose, onCreated, data }: CreateGroupModalProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Create group" size="48rem">
      {/* The form lives inside the modal body, so it starts fresh each time the dialog opens. */}
      <CreateGroupForm onCreated={onCreated} onCancel={onClose} data={data} />
    </FormDialog>
  );
}

/** The permissions chosen so far; unset ones take the server's defaults, and only those this server knows. */
function useSettings(data: GroupData) {
  const [settings, setSettings] = useState<SettingValues>({});
  const level = data.ctx.level;
  const offered = USER_GROUP_PERMISSION_SETTINGS.filter((s) => level >= USER_GROUP_LEVELS[s]);
  const problems = Object.fromEntries(
    offered.map((s) => {
      const value = settings[s];
      return [s, value === undefined ? null : settingProblem(s, value, data.groups, USER_GROUP_SETTING_DISALLOWED[s])];
    }),
  ) as Partial<Record<UserGroupPermissionSetting, string | null>>;
  const setSetting = (s: UserGroupPermissionSetting, value: GroupSettingValue | undefined) =>
    setSettings((prev) =>
      Object.fromEntries(
        USER_GROUP_PERMISSION_SETTINGS.flatMap((name) => {
          const v = name === s ? value : prev[name];
          return v === undefined ? [] : [[name, v] as const];
        }),
      ),
    );
  return { settings, offered, problems, setSetting };
}

function CreateGroupForm({
  onCreated,
  onCancel,
  data,
}: {
  onCreated: (id: number | null) => void;
  onCancel: () => void;
  data: GroupData;
}) {
  const create = useCreateUserGroup();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [subgroups, setSubgroups] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const permissions = useSettings(data);
  const { settings, problems } = permissions;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (userGroupNameProblem(name) || Object.values(problems).some(Boolean)) return;
    const params: CreateUserGroupParams = {
      name,
      description,
      members: members.map(Number),
      ...(subgroups.length > 0 ? { subgroups: subgroups.map(Number) } : {}),
      ...settings,
    };
    create.mutate(params, {
      onSuccess: (r) => {
        notify('success', 'create-group', 'Group created', `${name} was created.`);
        onCreated(r.group_id ?? null);
      },
    });
  };

  return (
    <DialogForm
      onFormSubmit={submit}
      onCancel={onCancel}
      cancelWhilePending
      submitLabel="Create group"
      pending={create.isPending}
      error={create.error}
      errorTitle="The group was not created"
    >
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={submitted ? userGroupNameProblem(name) : null}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <MemberFields
        data={data}
        members={members}
        onMembers={setMembers}
        subgroups={subgroups}
        onSubgroups={setSubgroups}
      />
      <PermissionFields data={data} {...permissions} />
    </DialogForm>
  );
}

interface MemberFieldsProps {
  data: GroupData;
  members: string[];
  onMembers: (ids: string[]) => void;
  subgroups: string[];
  onSubgroups: (ids: string[]) => void;
}

function MemberFields({ data, members, onMembers, subgroups, onSubgroups }: MemberFieldsProps) {
  const people = useMemo(
    () =>
      data.people
        .filter((p) => p.is_active)
        .map((p) => ({ value: String(p.user_id), label: p.email ? `${p.full_name} (${p.email})` : p.full_name })),
    [data.people],
  );
  const { groups, groupName } = data;
  const groupOptions = useMemo(
    () =>
      groups
        // Deactivated groups are never offered.
        .filter((g) => !g.deactivated)
        .map((g) => ({ value: String(g.id), label: groupName(g.id) })),
    [groups, groupName],
  );
  return (
    <>
      <MultiSelect
        label="Members"
        placeholder="Search people"
        data={people}
        value={members}
        onChange={onMembers}
        searchable
        limit={50}
        clearable
        nothingFoundMessage="No matching people"
      />
      {data.ctx.level >= USER_GROUP_LEVELS.createWithSubgroups ? (
        <MultiSelect
          label="Subgroups"
          description="Members of a subgroup are members of this group too."
          placeholder="Search groups"
          data={groupOptions}
          value={subgroups}
          onChange={onSubgroups}
          searchable
          clearable
          nothingFoundMessage="No matching groups"
        />
      ) : null}
    </>
  );
}

function PermissionFields({
  data,
  settings,
  offered,
  problems,
  setSetting,
}: { data: GroupData } & ReturnType<typeof useSettings>) {
  return (
    <Stack gap="sm">
      <Title order={4}>Permissions</Title>
      <Text size="sm" c="dimmed">
        Left unset, a permission takes the server’s default: you manage the group and add members, and everyone can
        mention it.
      </Text>
      {offered.map((s) => {
        const value = settings[s];
        return (
          <Stack key={s} gap={4}>
            <Checkbox
              label={`Set “${USER_GROUP_PERMISSION_LABELS[s]}”`}
              checked={value !== undefined}
              disabled={data.groupsQuery.isPending}
              onChange={(e) =>
                setSetting(s, e.currentTarget.checked ? { direct_members: [], direct_subgroups: [] } : undefined)
              }
            />
            {value !== undefined ? (
              <GroupSettingPicker
                label={USER_GROUP_PERMISSION_LABELS[s]}
                value={value}
                onChange={(next) => setSetting(s, next)}
                groups={data.groups}
                users={data.people}
                excludeSystemGroups={USER_GROUP_SETTING_DISALLOWED[s]}
                error={problems[s] ?? undefined}
              />
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
