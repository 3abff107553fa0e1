import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { describeGroupSetting, GroupSettingPicker } from '../../components/group-setting-picker';
import { ServerError } from '../../components/server-error';
import { sameGroupSetting, type GroupSettingValue } from '../../shared/svc/group-settings';
import {
  USER_GROUP_PERMISSION_SETTINGS,
  USER_GROUP_SETTING_DISALLOWED,
  type UserGroup,
  type UserGroupPermissionSetting,
} from '../../shared/svc/user-groups';
import { userGroupsQueryOptions } from './api/get-user-groups';
import { useUpdateUserGroup } from './api/update-user-group';
import { manageAbility } from './permissions';
import {
  changedSettings,
  conflictsAfterRefusal,
  isStaleOldError,
  settingProblem,
  settingUpdates,
  settingValuesOf,
  type SettingConflict,
  type SettingValues,
} from './setting-changes';
import { USER_GROUP_PERMISSION_LABELS } from '../../shared/labels';
import type { GroupData } from './use-group-data';

const valuesKey = (values: SettingValues) => JSON.stringify(values);

interface Conflict {
  /** The settings the refused request changed (a retry sends them all again). */
  settings: UserGroupPermissionSetting[];
  /** Those whose current value is no longer what the form was loaded with. */
  collisions: SettingConflict[];
  /** The values the server holds now. */
  fresh: SettingValues;
}

/**
 * The six permission settings, as names, and (for those who may manage the group) a form that saves them
 * as `{new, old}` updates: `old` is what the form was loaded with, so another admin's change made in the
 * meantime is refused rather than overwritten, and the admin chooses between their value and the fresh one.
 */
export function PermissionsPanel({ group, data }: { group: UserGroup; data: GroupData }) {
  const manage = manageAbility(data.ctx, group);
  const current = settingValuesOf(group);
  const available = USER_GROUP_PERMISSION_SETTINGS.filter((s) => current[s] !== undefined);
  const describe = (value: GroupSettingValue) => describeGroupSetting(value, data.groups, data.people);
  // After a save the Save button is disabled (nothing left to save): focus goes to what was saved, not the body.
  const summary = useRef<HTMLTableElement>(null);

  return (
    <Stack gap="lg">
      <Table aria-label="Permission settings" withTableBorder ref={summary} tabIndex={-1}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Permission</Table.Th>
            <Table.Th>Who</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {available.map((s) => (
            <Table.Tr key={s}>
              <Table.Td>
                <Text size="sm">{USER_GROUP_PERMISSION_LABELS[s]}</Text>
              </Table.Td>
              <Table.Td>{describe(current[s]!)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {manage.allowed ? (
        <PermissionsForm group={group} data={data} onSaved={() => summary.current?.focus()} />
      ) : (
        <Text size="sm" c="dimmed">
          {manage.reason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The form's state: what it was loaded with (`baseline`), the admin's edits (`draft`), a refusal because
 * someone else changed the same settings meanwhile (`conflict`), and sending with `{new, old}` updates.
 */
function usePermissionsDraft(group: UserGroup, data: GroupData, onSaved: () => void) {
  const client = useQueryClient();
  const update = useUpdateUserGroup();
  const current = settingValuesOf(group);
  const [baseline, setBaseline] = useState<SettingValues>(current);
  const [draft, setDraft] = useState<SettingValues>(current);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [seen, setSeen] = useState(() => valuesKey(current));

  // The server's values changed (a save, another admin, an event). An untouched form follows them; one
  // being edited keeps what it was loaded with, so the save can tell the server what this admin saw.
  const currentKey = valuesKey(current);
  if (currentKey !== seen) {
    setSeen(currentKey);
    if (conflict === null && changedSettings(baseline, draft).length === 0) {
      setBaseline(current);
      setDraft(current);
    }
  }

  const send = (settings: UserGroupPermissionSetting[], old: SettingValues) => {
    const mine = draft;
    update.mutate(
      { user_group_id: group.id, ...settingUpdates(settings, mine, old) },
      {
        onSuccess: () => {
          setConflict(null);
          setBaseline(mine);
          onSaved();
          notify('success', 'group-permissions', 'Permissions saved', `${group.name}’s permissions were saved.`);
        },
        onError: async (error) => {
          if (!isStaleOldError(error)) return;
          // The server names no setting; the fresh list says which of mine collide.
          const list = await client.fetchQuery({ ...userGroupsQueryOptions(), staleTime: 0 });
          const freshGroup = list.find((g) => g.id === group.id);
          const fresh = freshGroup ? settingValuesOf(freshGroup) : old;
          setConflict({ settings, collisions: conflictsAfterRefusal(settings, old, mine, fresh), fresh });
        },
      },
    );
  };

  const keepTheirs = () => {
    if (!conflict) return;
    const next = { ...draft };
    for (const c of conflict.collisions) next[c.setting] = c.theirs;
    setBaseline(conflict.fresh);
    setDraft(next);
    setConflict(null);
    update.reset();
  };
  const discard = () => {
    setDraft(baseline);
    update.reset();
  };

  const changed = changedSettings(baseline, draft);
  const problems = Object.fromEntries(
    changed.map((s) => [s, settingProblem(s, draft[s]!, data.groups, USER_GROUP_SETTING_DISALLOWED[s])] as const),
  ) as Partial<Record<UserGroupPermissionSetting, string | null>>;
  const blocked = changed.some((s) => problems[s]);
  return {
    update,
    current,
    baseline,
    draft,
    setDraft,
    conflict,
    changed,
    problems,
    blocked,
    send,
    keepTheirs,
    discard,
  };
}

function PermissionsForm({ group, data, onSaved }: { group: UserGroup; data: GroupData; onSaved: () => void }) {
  const state = usePermissionsDraft(group, data, onSaved);
  const { update, current, baseline, draft, conflict, changed, problems, blocked } = state;
  const describe = (value: GroupSettingValue) => describeGroupSetting(value, data.groups, data.people);
  const available = USER_GROUP_PERMISSION_SETTINGS.filter((s) => draft[s] !== undefined);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (changed.length === 0 || blocked || conflict) return;
        state.send(changed, baseline);
      }}
      noValidate
    >
      <Stack gap="md">
        <Title order={4}>Edit permissions</Title>
        {available.map((setting) => {
          const live = current[setting];
          const stale = live !== undefined && !sameGroupSetting(live, baseline[setting]!);
          return (
            <GroupSettingPicker
              key={setting}
              label={USER_GROUP_PERMISSION_LABELS[setting]}
              description={stale ? `Changed by someone else while you were editing: now ${describe(live)}.` : undefined}
              value={draft[setting]!}
              onChange={(value) => state.setDraft((d) => ({ ...d, [setting]: value }))}
              groups={data.groups}
              users={data.people}
              excludeSystemGroups={USER_GROUP_SETTING_DISALLOWED[setting]}
              disabled={update.isPending || conflict !== null}
              error={problems[setting] ?? undefined}
            />
          );
        })}

        {conflict ? (
          <ConflictAlert
            conflict={conflict}
            error={update.error}
            pending={update.isPending}
            describe={describe}
            onRetry={() => state.send(conflict.settings, conflict.fresh)}
            onKeepTheirs={state.keepTheirs}
          />
        ) : (
          <ServerError error={update.error} title="The permissions were not saved" />
        )}

        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={changed.length === 0 || update.isPending || conflict !== null}
            onClick={state.discard}
          >
            Discard changes
          </Button>
          <Button
            type="submit"
            disabled={changed.length === 0 || blocked || conflict !== null}
            loading={update.isPending && conflict === null}
          >
            Save permissions
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ConflictAlertProps {
  conflict: Conflict;
  error: unknown;
  pending: boolean;
  describe: (value: GroupSettingValue) => string;
  onRetry: () => void;
  onKeepTheirs: () => void;
}

/** Which of my changes collide with someone else's, and the two ways out. */
function ConflictAlert({ conflict, error, pending, describe, onRetry, onKeepTheirs }: ConflictAlertProps) {
  return (
    <Alert color="orange" variant="light" title="Someone else changed these permissions">
      <Stack gap="xs">
        <Text size="sm">{errorMessage(error)}</Text>
        {conflict.collisions.map((c) => (
          <Text size="sm" key={c.setting}>
            <strong>{USER_GROUP_PERMISSION_LABELS[c.setting]}</strong>: You tried: {describe(c.mine)}. It is now:{' '}
            {describe(c.theirs)} (changed by someone else).
          </Text>
        ))}
        <Group gap="sm">
          <Button size="xs" onClick={onRetry} loading={pending}>
            Retry with my value
          </Button>
          <Button size="xs" variant="default" onClick={onKeepTheirs} disabled={pending}>
            Keep theirs
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
