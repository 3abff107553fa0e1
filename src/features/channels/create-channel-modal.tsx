import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useOpForm } from '../../client/op-form';
import { useMemo, type ReactNode } from 'react';
import { notify } from '../../client/notify';
import type { Person } from '../../client/people';
import { useSession } from '../../client/session';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { GroupSettingPicker } from '../../components/group-setting-picker';
import { ServerError } from '../../components/server-error';
import { svcOps } from '../../shared/svc/catalog';
import { ApiError } from '../../client/api-error';
import {
  CHANNEL_CREATE_PERMISSION_SETTINGS,
  CHANNEL_PERMISSION_LEVELS,
  channelLevelGate,
  TOPICS_POLICIES,
  type ChannelCreatePermissionSetting,
  type TopicsPolicy,
} from '../../shared/svc/channels';
import { CHANNEL_PERMISSION_LABELS } from '../../shared/labels';
import type { GroupSettingValue } from '../../shared/svc/group-settings';
import { useCreateChannel, useSubscribe } from './api/create-channel';
import { useChannelFolders } from './api/get-channel-folders';
import { useChannelsRealm } from './api/get-realm-state';
import {
  checkChannelForm,
  initialChannelForm,
  toCreateParams,
  toLegacySubscribeParams,
  TOPIC_STARTERS_FIELD,
  type ChannelFormLimits,
  type ChannelFormValues,
  type Privacy,
  type RetentionChoice,
} from './channel-form';
import { everyoneGroupId, topicStartersRefusal } from './channel-level-rules';
import { describeRetention, TOPICS_POLICY_TEXT } from './describe-settings';
import { creationMethod, webPublicAbility, type Ability } from './permissions';
import { useGroupLookup } from './use-group-lookup';

interface CreateChannelModalProps {
  opened: boolean;
  onClose: () => void;
  /** The new channel's ID, or null when the server does not say (the older way). */
  onCreated: (streamId: number | null) => void;
}

export function CreateChannelModal({ opened, onClose, onCreated }: CreateChannelModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create channel"
      size="48rem"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {/* The form lives inside the modal body, so it starts fresh each time the dialog opens. */}
      <CreateChannelForm onCreated={onCreated} onCancel={onClose} />
    </Modal>
  );
}

const TOPICS_POLICY_OPTIONS = TOPICS_POLICIES.map((value) => ({ value, label: TOPICS_POLICY_TEXT[value] }));

/** The operations' parameters by the form field they come from (the rest have the same name or no field). */
const CHANNEL_PARAM_FIELDS = {
  principals: 'subscribers',
  is_default_stream: 'isDefault',
  folder_id: 'folderId',
  topics_policy: 'topicsPolicy',
  history_public_to_subscribers: 'historyPublic',
  message_retention_days: 'retentionDays',
} as const;

/** The server refused the channel's name itself: `CHANNEL_ALREADY_EXISTS`, or a message about the name. */
function isNameRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'CHANNEL_ALREADY_EXISTS' || /channel name|already exists/i.test(error.envelope.msg))
  );
}

/**
 * The form's state, checked by the operation's schema (creation, or subscribing on servers before level 417)
 * and by the form's own words and this server's limits, which win for the same field.
 */
function useChannelForm(
  create: boolean,
  initialValues: ChannelFormValues,
  validate: (values: ChannelFormValues) => Partial<Record<string, string>>,
) {
  return useOpForm<ChannelFormValues>({
    initialValues,
    params: () => (create ? svcOps.createChannel.params : svcOps.subscribe.params),
    toParams: (v) => (create ? toCreateParams(v) : toLegacySubscribeParams(v)),
    fields: CHANNEL_PARAM_FIELDS,
    validate,
  });
}

function CreateChannelForm({ onCreated, onCancel }: { onCreated: (id: number | null) => void; onCancel: () => void }) {
  const { user, isAdmin } = useRole();
  const level = useFeatureLevel();
  const { data: session } = useSession();
  const realm = useChannelsRealm();
  const lookup = useGroupLookup();
  const create = useCreateChannel();
  const subscribe = useSubscribe();
  const method = creationMethod(level);
  const mutation = method.method === 'create' ? create : subscribe;
  const limits = {
    maxNameLength: session?.limits?.maxStreamNameLength ?? null,
    maxDescriptionLength: session?.limits?.maxStreamDescriptionLength ?? null,
  };
  const { form, placeRefusal } = useChannelForm(
    method.method === 'create',
    initialChannelForm(user?.userId ?? null),
    (values) => checkChannelForm(values, limits, everyoneGroupId(lookup.groups)),
  );
  const values = form.values;
  const webPublic = webPublicAbility(realm.data, user?.userId ?? null, lookup.membership);

  const submit = form.onSubmit((v) => {
    const name = v.name.trim();
    const done = (id: number | null) => {
      notify('success', 'create-channel', 'Channel created', `#${name} was created.`);
      onCreated(id);
    };
    // A refusal of the name (taken, too long, not allowed) goes on the Name field, at the top of this long
    // form, with the focus there; the server's words verbatim.
    const onError = (error: unknown) => {
      if (isNameRefusal(error)) placeRefusal(error, 'name');
      // Who may start new topics (level 441) is refused on its own field, the choices kept.
      const topicStarters = topicStartersRefusal(error);
      if (topicStarters) form.setFieldError(TOPIC_STARTERS_FIELD, topicStarters);
    };
    if (method.method === 'create') create.mutate(toCreateParams(v), { onSuccess: (r) => done(r.id), onError });
    else subscribe.mutate(toLegacySubscribeParams(v), { onSuccess: () => done(null), onError });
  });

  const setPermission = (name: ChannelCreatePermissionSetting, value: GroupSettingValue | undefined) =>
    form.setFieldValue('permissions', { ...values.permissions, [name]: value });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {method.note ? (
          <Alert color="yellow" variant="light" role="note" title="Older server">
            {method.note}
          </Alert>
        ) : null}
        <AboutFields form={form} limits={limits} people={lookup.people} />
        <VisibilityFields form={form} webPublic={webPublic} isAdmin={isAdmin} />
        <PlacementFields form={form} withFolderAndTopics={method.method === 'create'} />

        {method.method === 'create' ? (
          <CreatePermissionFields
            level={level}
            lookup={lookup}
            permissions={values.permissions}
            errorOf={(name) => form.errors[`permissions.${name}`]}
            onChange={setPermission}
          />
        ) : null}

        {isNameRefusal(mutation.error) || topicStartersRefusal(mutation.error) ? null : (
          <ServerError error={mutation.error} title="The channel was not created" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Create channel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CreatePermissionFieldsProps {
  level: number;
  lookup: ReturnType<typeof useGroupLookup>;
  permissions: ChannelFormValues['permissions'];
  errorOf: (name: ChannelCreatePermissionSetting) => ReactNode;
  onChange: (name: ChannelCreatePermissionSetting, value: GroupSettingValue | undefined) => void;
}

/**
 * Each permission the creator may set, unset by default (the server's default for new channels). One this
 * server does not have yet is shown disabled with the reason under it.
 */
function CreatePermissionFields({ level, lookup, permissions, errorOf, onChange }: CreatePermissionFieldsProps) {
  return (
    <Stack gap="sm">
      <Title order={4}>Permissions</Title>
      <Text size="sm" c="dimmed">
        Left unset, a permission takes the server’s default for new channels.
      </Text>
      {lookup.error ? <ServerError error={lookup.error} title="Groups could not be loaded" /> : null}
      {CHANNEL_CREATE_PERMISSION_SETTINGS.map((name) => {
        const value = permissions[name];
        const gate = channelLevelGate(level, CHANNEL_PERMISSION_LEVELS[name]);
        return (
          <Stack key={name} gap={4}>
            <Checkbox
              label={`Set “${CHANNEL_PERMISSION_LABELS[name]}”`}
              description={gate ?? undefined}
              checked={value !== undefined}
              disabled={lookup.pending || gate !== null}
              onChange={(e) =>
                onChange(name, e.currentTarget.checked ? { direct_members: [], direct_subgroups: [] } : undefined)
              }
            />
            {value !== undefined ? (
              <GroupSettingPicker
                label={CHANNEL_PERMISSION_LABELS[name]}
                value={value}
                onChange={(next) => onChange(name, next)}
                groups={lookup.groups}
                users={lookup.people}
                excludeSystemGroups={['role:internet']}
                error={errorOf(name)}
              />
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}

type ChannelForm = UseFormReturnType<ChannelFormValues>;

/** Who can see the new channel, what new subscribers read, and whether new users get it. */
function VisibilityFields({ form, webPublic, isAdmin }: { form: ChannelForm; webPublic: Ability; isAdmin: boolean }) {
  const values = form.values;
  return (
    <>
      <Radio.Group
        label="Who can see it"
        value={values.privacy}
        onChange={(value) => form.setFieldValue('privacy', value as Privacy)}
      >
        <Stack gap={6} mt={6}>
          <Radio value="public" label="Public: everyone in the organization except guests" />
          <Radio value="private" label="Private: subscribers only" />
          <Radio
            value="web-public"
            label="Web-public: anyone on the internet can read it"
            disabled={!webPublic.allowed}
            description={webPublic.reason ?? undefined}
          />
        </Stack>
      </Radio.Group>
      <Switch
        label="New subscribers can read the history"
        description={values.privacy === 'private' ? undefined : 'Public channels always share their history.'}
        disabled={values.privacy !== 'private'}
        checked={values.privacy !== 'private' || values.historyPublic}
        onChange={(e) => form.setFieldValue('historyPublic', e.currentTarget.checked)}
      />
      <Switch
        label="Default channel for new users"
        description={isAdmin ? undefined : 'Only organization administrators can choose default channels.'}
        disabled={!isAdmin}
        {...form.getInputProps('isDefault', { type: 'checkbox' })}
      />
    </>
  );
}

/** Where the channel sits (folder, topics; only through the creation endpoint) and how long it keeps messages. */
function PlacementFields({ form, withFolderAndTopics }: { form: ChannelForm; withFolderAndTopics: boolean }) {
  const realm = useChannelsRealm();
  const folders = useChannelFolders();
  const values = form.values;
  return (
    <>
      <Group grow align="flex-start">
        {withFolderAndTopics ? (
          <Select
            label="Folder"
            placeholder="No folder"
            clearable
            data={(folders.data ?? [])
              .filter((f) => !f.is_archived)
              .map((f) => ({ value: String(f.id), label: f.name }))}
            description={folders.isFetched || folders.fetchStatus === 'idle' ? undefined : 'Loading folders…'}
            {...form.getInputProps('folderId')}
          />
        ) : null}
        {withFolderAndTopics ? (
          <Select
            label="Topics"
            data={TOPICS_POLICY_OPTIONS}
            allowDeselect={false}
            value={values.topicsPolicy}
            onChange={(value) => value && form.setFieldValue('topicsPolicy', value as TopicsPolicy)}
            description={
              values.topicsPolicy === 'empty_topic_only'
                ? 'Every message goes to the one topic without a name; the server allows this only while all the channel’s messages are in that topic (always true for a new channel).'
                : undefined
            }
          />
        ) : null}
      </Group>

      <Group align="flex-end">
        <Select
          label="Message retention"
          data={[
            { value: 'realm_default', label: describeRetention(null, realm.data) },
            { value: 'unlimited', label: 'Forever' },
            { value: 'days', label: 'A number of days' },
          ]}
          allowDeselect={false}
          value={values.retention}
          onChange={(value) => value && form.setFieldValue('retention', value as RetentionChoice)}
          w={320}
        />
        {values.retention === 'days' ? (
          <NumberInput label="Days" min={1} allowDecimal={false} w={120} {...form.getInputProps('retentionDays')} />
        ) : null}
      </Group>
    </>
  );
}

interface AboutFieldsProps {
  form: ChannelForm;
  limits: ChannelFormLimits;
  people: readonly Person[];
}

/** The channel's name, description and first subscribers. */
function AboutFields({ form, limits, people }: AboutFieldsProps) {
  const options = useMemo(
    () =>
      people
        .filter((p) => p.is_active)
        .map((p) => ({ value: String(p.user_id), label: p.email ? `${p.full_name} (${p.email})` : p.full_name })),
    [people],
  );
  return (
    <>
      <TextInput
        label="Name"
        required
        description={limits.maxNameLength ? `Up to ${limits.maxNameLength} characters.` : undefined}
        {...form.getInputProps('name')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        description={
          limits.maxDescriptionLength ? `Markdown, up to ${limits.maxDescriptionLength} characters.` : 'Markdown.'
        }
        {...form.getInputProps('description')}
      />
      <MultiSelect
        label="Subscribers"
        description="People subscribed when the channel is created."
        placeholder="Search people"
        data={options}
        searchable
        limit={50}
        clearable
        {...form.getInputProps('subscribers')}
      />
      <Checkbox
        label="Announce the new channel"
        description="The notification bot posts about it."
        {...form.getInputProps('announce', { type: 'checkbox' })}
      />
    </>
  );
}
