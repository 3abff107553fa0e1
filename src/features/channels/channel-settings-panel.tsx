import {
  Alert,
  Box,
  Button,
  Divider,
  Group,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { sanitizeHtml } from '../../client/sanitize-html';
import { useSession } from '../../client/session';
import { useRole } from '../../client/use-role';
import { ServerError } from '../../components/server-error';
import { CHANNEL_SETTINGS_LEVELS, channelLevelGate, type Channel } from '../../shared/svc/channels';
import { CHANNEL_PERMISSION_LABELS } from '../../shared/labels';
import { useChannelFolders } from './api/get-channel-folders';
import { useChannelsRealm } from './api/get-realm-state';
import { useDefaultChannels } from './api/default-channels';
import { useRenderPreview } from './api/render-preview';
import { useUpdateChannel } from './api/update-channel';
import { ArchiveChannelSection } from './archive-channel-section';
import {
  asStoredDescription,
  checkNameDescription,
  folderGate,
  nameDescriptionParams,
  PRIVACY_LABELS,
  privacyOf,
  privacyParams,
  type PrivacyChoice,
} from './channel-settings-form';
import { EVERYONE_LABEL, everyoneGroupId, topicStartersProblem } from './channel-level-rules';
import { PermissionsSection } from './channel-permissions-section';
import { useFollowingDraft } from './use-following-draft';
import { administerChannelAbility, webPublicAbility } from './permissions';
import { useGroupLookup } from './use-group-lookup';

interface SectionProps {
  channel: Channel;
  level: number;
  /** Why the user may not change settings; null when they may. */
  locked: string | null;
}

/** Everything about a channel that its administrators can change, each part saved on its own. */
export function ChannelSettingsPanel({ channel, level }: { channel: Channel; level: number }) {
  const { role, user } = useRole();
  const lookup = useGroupLookup();
  const ability = administerChannelAbility(
    role,
    user?.userId ?? null,
    channel.can_administer_channel_group,
    lookup.membership,
  );
  const locked = lookup.pending && !ability.allowed ? 'Checking your permissions…' : ability.reason;
  const props = { channel, level, locked };
  return (
    <Stack gap="lg">
      {locked ? (
        <Alert role="note" color="gray" variant="light">
          {locked}
        </Alert>
      ) : null}
      <NameDescriptionSection key={`name-${channel.stream_id}`} {...props} />
      <Divider />
      <PrivacySection key={`privacy-${channel.stream_id}`} {...props} />
      <Divider />
      <FolderSection key={`folder-${channel.stream_id}`} {...props} />
      <Divider />
      <PermissionsSection key={`permissions-${channel.stream_id}`} {...props} />
      <Divider />
      <ArchiveChannelSection channel={channel} level={level} locked={locked} />
    </Stack>
  );
}

function NameDescriptionSection({ channel, locked }: SectionProps) {
  const { data: session } = useSession();
  const update = useUpdateChannel();
  const {
    draft: values,
    setDraft: setValues,
    startOver,
    settle,
  } = useFollowingDraft({
    name: channel.name,
    description: channel.description,
  });
  const [submitted, setSubmitted] = useState(false);
  const limits = {
    maxNameLength: session?.limits?.maxStreamNameLength ?? null,
    maxDescriptionLength: session?.limits?.maxStreamDescriptionLength ?? null,
  };
  const errors = checkNameDescription(values, limits);
  const params = nameDescriptionParams(channel, values);

  const save = () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !params) return;
    update.mutate(params, {
      onSuccess: () => {
        setSubmitted(false);
        settle();
        notify('success', 'channel-name', 'Channel saved', `#${values.name.trim()}: name and description saved.`);
      },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-label="Name and description">
      <Title order={4}>Name and description</Title>
      <TextInput
        label="Channel name"
        required
        value={values.name}
        onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
        error={submitted ? errors.name : undefined}
        description={limits.maxNameLength ? `Up to ${limits.maxNameLength} characters.` : undefined}
        disabled={locked !== null}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={values.description}
        onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
        error={submitted ? errors.description : undefined}
        description={`Markdown${limits.maxDescriptionLength ? `, up to ${limits.maxDescriptionLength} characters` : ''}; the server keeps it on one line.`}
        disabled={locked !== null}
      />
      <DescriptionPreview description={values.description} />
      <ServerError error={update.error} title="The name and description were not saved" />
      <Group justify="flex-end">
        {params ? (
          <Button variant="default" onClick={() => (startOver(), update.reset())} disabled={update.isPending}>
            Discard changes
          </Button>
        ) : null}
        <Button onClick={save} loading={update.isPending} disabled={locked !== null || !params}>
          Save name and description
        </Button>
      </Group>
    </Stack>
  );
}

/** The description as the server renders it, a moment after typing stops. */
function DescriptionPreview({ description }: { description: string }) {
  const [previewText] = useDebouncedValue(asStoredDescription(description), 400);
  const preview = useRenderPreview(previewText);
  return (
    <Box>
      <Text size="sm" fw={500}>
        Preview
      </Text>
      {previewText.trim() === '' ? (
        <Text size="sm" c="dimmed">
          No description.
        </Text>
      ) : preview.isError ? (
        <Text size="sm" c="dimmed">
          The preview could not be rendered.
        </Text>
      ) : (
        <Box
          role="region"
          aria-label="Description preview"
          aria-busy={preview.isFetching}
          fz="sm"
          p="xs"
          bd="1px solid var(--mantine-color-default-border)"
          // Sanitized: the server's rendering is HTML.
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(preview.data ?? '') }}
        />
      )}
    </Box>
  );
}

const PRIVACY_CHOICES: PrivacyChoice[] = ['public', 'private-shared', 'private-protected', 'web-public'];

function PrivacySection({ channel, level, locked }: SectionProps) {
  const { user } = useRole();
  const realm = useChannelsRealm();
  const lookup = useGroupLookup();
  const defaults = useDefaultChannels();
  const update = useUpdateChannel();
  const current = privacyOf(channel);
  const { draft: choice, setDraft: setChoice, startOver, settle } = useFollowingDraft<PrivacyChoice>(current);
  const webPublic = webPublicAbility(realm.data, user?.userId ?? null, lookup.membership);
  const webPublicGate = channelLevelGate(level, CHANNEL_SETTINGS_LEVELS.webPublic) ?? webPublic.reason;
  const isDefault = defaults.data?.includes(channel.stream_id) ?? false;
  const defaultConflict = isDefault && choice.startsWith('private');
  // Level 441: protected history needs everyone to be able to start topics (absent below 441: no check).
  const topicStarters =
    choice === 'private-protected' && current !== 'private-protected'
      ? topicStartersProblem(true, channel.can_create_topic_group, everyoneGroupId(lookup.groups))
      : null;

  const save = () =>
    update.mutate(
      { stream_id: channel.stream_id, ...privacyParams(choice) },
      {
        onSuccess: () => {
          settle();
          notify('success', 'channel-privacy', 'Privacy saved', `#${channel.name}: ${PRIVACY_LABELS[choice]}.`);
        },
      },
    );

  return (
    <Stack gap="sm" component="section" aria-label="Privacy">
      <Title order={4}>Privacy</Title>
      <Radio.Group label="Who can see it" value={choice} onChange={(value) => setChoice(value as PrivacyChoice)}>
        <Stack gap={6} mt={6}>
          {PRIVACY_CHOICES.map((value) => (
            <Radio
              key={value}
              value={value}
              label={PRIVACY_LABELS[value]}
              disabled={
                locked !== null || (value === 'web-public' && current !== 'web-public' && webPublicGate !== null)
              }
              description={
                value === 'web-public' && current !== 'web-public' ? (webPublicGate ?? undefined) : undefined
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {defaultConflict ? (
        <Alert role="note" color="yellow" variant="light">
          This is a default channel for new users, and a default channel cannot be private: remove it from the default
          channels first.
        </Alert>
      ) : null}
      {topicStarters ? (
        <Alert role="note" color="yellow" variant="light">
          {`Protected history needs everyone to be able to start new topics: set “${CHANNEL_PERMISSION_LABELS.can_create_topic_group}” to “${EVERYONE_LABEL}” under Permissions first.`}
        </Alert>
      ) : null}
      <ServerError error={update.error} title="The privacy was not changed" />
      <Group justify="flex-end">
        {choice !== current ? (
          <Button variant="default" onClick={() => (startOver(), update.reset())} disabled={update.isPending}>
            Discard change
          </Button>
        ) : null}
        <Button onClick={save} loading={update.isPending} disabled={locked !== null || choice === current}>
          Save privacy
        </Button>
      </Group>
    </Stack>
  );
}

function FolderSection({ channel, level, locked }: SectionProps) {
  const folders = useChannelFolders();
  const update = useUpdateChannel();
  const gate = folderGate(level);
  const current = channel.folder_id == null ? null : String(channel.folder_id);
  const { draft: folder, setDraft: setFolder, settle } = useFollowingDraft<string | null>(current);
  const options = (folders.data ?? [])
    .filter((f) => !f.is_archived || String(f.id) === current)
    .map((f) => ({ value: String(f.id), label: f.is_archived ? `${f.name} (archived)` : f.name }));

  const save = () =>
    update.mutate(
      { stream_id: channel.stream_id, folder_id: folder === null ? null : Number(folder) },
      {
        onSuccess: () => {
          settle();
          notify('success', 'channel-folder', 'Folder saved', `#${channel.name}’s folder was saved.`);
        },
      },
    );

  return (
    <Stack gap="sm" component="section" aria-label="Folder">
      <Title order={4}>Folder</Title>
      <Select
        label="Channel folder"
        placeholder="No folder"
        clearable
        data={options}
        value={folder}
        onChange={setFolder}
        disabled={locked !== null || gate !== null}
        description={gate ?? undefined}
      />
      <ServerError error={update.error} title="The folder was not changed" />
      <Group justify="flex-end">
        <Button
          onClick={save}
          loading={update.isPending}
          disabled={locked !== null || gate !== null || folder === current}
        >
          Save folder
        </Button>
      </Group>
    </Stack>
  );
}
