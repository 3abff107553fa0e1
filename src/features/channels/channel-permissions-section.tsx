import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { notify } from '../../client/notify';
import { describeGroupSetting, GroupSettingPicker } from '../../components/group-setting-picker';
import { ServerError } from '../../components/server-error';
import { CHANNEL_PERMISSION_LABELS } from '../../shared/labels';
import { CHANNEL_PERMISSION_SETTINGS, type Channel, type ChannelPermissionSetting } from '../../shared/svc/channels';
import { sameGroupSetting } from '../../shared/svc/group-settings';
import { useUpdateChannel } from './api/update-channel';
import { everyoneGroupId, topicStartersProblem, topicStartersRefusal } from './channel-level-rules';
import { permissionGate, permissionParams, privacyOf, type PermissionValues } from './channel-settings-form';
import { MissingPermissionsNote } from './missing-permissions-note';
import { useFollowingDraft } from './use-following-draft';
import { useGroupLookup } from './use-group-lookup';

interface PermissionsSectionProps {
  channel: Channel;
  level: number;
  /** Why the user may not change settings; null when they may. */
  locked: string | null;
}

/** Only a changed “who can start new topics” is checked: the server keeps the channel's current value valid. */
function topicStartersError(
  channel: Channel,
  loaded: PermissionValues,
  values: PermissionValues,
  everyoneId: number | null,
): string | null {
  const next = values.can_create_topic_group;
  const old = loaded.can_create_topic_group;
  if (next === undefined || old === undefined || sameGroupSetting(next, old)) return null;
  return topicStartersProblem(privacyOf(channel) === 'private-protected', next, everyoneId);
}

/** Every per-channel permission through the one group-setting picker, saved together as `{new, old}`. */
export function PermissionsSection({ channel, level, locked }: PermissionsSectionProps) {
  const lookup = useGroupLookup();
  const update = useUpdateChannel();
  const current: PermissionValues = Object.fromEntries(
    CHANNEL_PERMISSION_SETTINGS.filter((name) => channel[name] !== undefined).map((name) => [name, channel[name]]),
  );
  const { draft: values, setDraft: setValues, loaded, startOver, settle } = useFollowingDraft(current);
  const params = permissionParams(channel.stream_id, loaded, values);
  const problem = topicStartersError(channel, loaded, values, everyoneGroupId(lookup.groups));
  // The server's refusal of who may start topics goes on that field, not above the buttons.
  const refusal = topicStartersRefusal(update.error);
  const heading = useRef<HTMLHeadingElement>(null);
  // Who cannot change the permissions (a guest may not list groups) reads them by the groups' names alone.
  const groupsError = locked === null ? lookup.error : lookup.namesError;
  const errorOf = (name: ChannelPermissionSetting) =>
    name === 'can_create_topic_group' ? (problem ?? refusal ?? undefined) : undefined;

  const save = () => {
    if (!params || problem) return;
    update.mutate(params, {
      onSuccess: () => {
        settle();
        // Save is disabled once nothing is left to save: focus goes to the section's heading, not the body.
        heading.current?.focus();
        notify('success', 'channel-permissions', 'Permissions saved', `#${channel.name}’s permissions were saved.`);
      },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-label="Permissions">
      <Title order={4} ref={heading} tabIndex={-1}>
        Permissions
      </Title>
      {groupsError ? <ServerError error={groupsError} title="Groups could not be loaded" /> : null}
      <MissingPermissionsNote level={level} channel={channel} />
      {CHANNEL_PERMISSION_SETTINGS.map((name) => {
        const gate = permissionGate(level, name, channel);
        const value = values[name];
        const label = CHANNEL_PERMISSION_LABELS[name];
        // Named once in the note above, with the level each needs, not as a disabled control per permission.
        if (value === undefined) return null;
        return (
          <GroupSettingPicker
            key={name}
            label={label}
            description={gate ?? `Now: ${describeGroupSetting(channel[name]!, lookup.named, lookup.people)}`}
            value={value}
            onChange={(next) => setValues({ ...values, [name]: next })}
            groups={lookup.groups}
            groupNames={lookup.named}
            users={lookup.people}
            excludeSystemGroups={['role:internet']}
            disabled={locked !== null || gate !== null || lookup.pending}
            error={errorOf(name)}
          />
        );
      })}
      {refusal ? null : <ServerError error={update.error} title="The permissions were not saved" />}
      {update.error ? (
        <Text size="sm" c="dimmed">
          If someone else changed a permission meanwhile, “Discard changes” starts again from what the server holds now.
        </Text>
      ) : null}
      <Group justify="flex-end">
        {params ? (
          <Button variant="default" onClick={() => (startOver(), update.reset())} disabled={update.isPending}>
            Discard changes
          </Button>
        ) : null}
        <Button onClick={save} loading={update.isPending} disabled={locked !== null || !params || problem !== null}>
          Save permissions
        </Button>
      </Group>
    </Stack>
  );
}
