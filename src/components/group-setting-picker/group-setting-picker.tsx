import {
  Fieldset,
  Group,
  Input,
  MultiSelect,
  Pill,
  Radio,
  Select,
  Stack,
  Text,
  type ComboboxItem,
  type ComboboxItemGroup,
  type ComboboxParsedItem,
  type ComboboxRenderPillInput,
  type OptionsFilter,
} from '@mantine/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  groupDisplayName,
  normalizeGroupSetting,
  SYSTEM_GROUP_NAMES,
  type AdHocGroupSetting,
  type GroupSettingValue,
  type SystemGroupName,
} from '../../shared/svc/group-settings';
import type { UserGroup } from '../../shared/svc/user-groups';
import { describeGroupSetting, groupLabel, userLabel, type NamedGroup, type NamedUser } from './describe-group-setting';

export type GroupSettingPickerUser = NamedUser;

export interface GroupSettingPickerProps {
  /** Names the whole picker (the fieldset's legend). */
  label: string;
  description?: ReactNode;
  value: GroupSettingValue;
  onChange: (value: GroupSettingValue) => void;
  /** Every user group, deactivated ones included: they are never offered, but a value may still name one. */
  groups: readonly UserGroup[];
  /**
   * Names for the groups when `groups` cannot be had (a guest may not list them; the BFF still gives their
   * names): the current value is then named, never shown by a group's number.
   */
  groupNames?: readonly NamedGroup[];
  /** Every user, deactivated ones included for the same reason. */
  users: readonly GroupSettingPickerUser[];
  disabled?: boolean;
  error?: ReactNode;
  /** System groups this setting may not be set to (e.g. `role:internet`); offered in neither mode. */
  excludeSystemGroups?: readonly SystemGroupName[];
  /** Whether an ad-hoc set of people and groups is allowed, or only a single group. @default true */
  allowAdHoc?: boolean;
}

type Mode = 'group' | 'ad-hoc';

/**
 * At most this many people render in the dropdown: with ten thousand users, rendering every option makes
 * each keystroke slow. Searching narrows the list, so nobody needs more than this at once.
 */
const USER_OPTION_LIMIT = 50;

/** One shared collator: comparing strings with a fresh locale lookup each time adds up over 10,000 names. */
const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }).compare;

const NO_EXCLUSIONS: readonly SystemGroupName[] = [];

const modeOf = (value: GroupSettingValue): Mode => (typeof value === 'number' ? 'group' : 'ad-hoc');

/** Order-insensitive identity, so a parent that rebuilds an equal object each render does not reset the mode. */
const valueKey = (value: GroupSettingValue): string => JSON.stringify(normalizeGroupSetting(value));

const asAdHoc = (value: GroupSettingValue): AdHocGroupSetting =>
  typeof value === 'number' ? { direct_members: [], direct_subgroups: [value] } : value;

const systemRank = (name: string): number => {
  const rank = SYSTEM_GROUP_NAMES.indexOf(name as SystemGroupName);
  // Unknown system groups (a newer server) sort after the known ones rather than being dropped.
  return rank === -1 ? SYSTEM_GROUP_NAMES.length : rank;
};

function isItem<Value extends string | number>(item: ComboboxParsedItem<Value>): item is ComboboxItem<Value> {
  return !('group' in item);
}

/**
 * The mode is local state because "A group" can be chosen before any group is: until one is picked, the
 * value stays the ad-hoc set it was. A new value from outside (a reset, a saved change) sets the mode anew.
 */
function usePickerMode(value: GroupSettingValue, onChange: (value: GroupSettingValue) => void, allowAdHoc: boolean) {
  const [mode, setMode] = useState<Mode>(() => modeOf(value));
  const [seenKey, setSeenKey] = useState(() => valueKey(value));
  const key = valueKey(value);
  if (key !== seenKey) {
    setSeenKey(key);
    setMode(modeOf(value));
  }
  const shownMode: Mode = allowAdHoc ? mode : 'group';
  const switchMode = (next: Mode) => {
    setMode(next);
    if (next === 'ad-hoc' && typeof value === 'number') {
      onChange({ direct_members: [], direct_subgroups: [value] });
    } else if (next === 'group' && typeof value !== 'number') {
      const [only, ...rest] = value.direct_subgroups;
      // Anything else has no single-group equivalent: nothing is emitted until a group is picked.
      if (only !== undefined && rest.length === 0 && value.direct_members.length === 0) onChange(only);
    }
  };
  return { shownMode, switchMode };
}

/** The groups offered, system ones first in role order, then custom ones by name; deactivated ones never. */
function useGroupOptions(groups: readonly UserGroup[], excludeSystemGroups: readonly SystemGroupName[]) {
  // Callers often pass the exclusions inline; keyed by content so the options are not rebuilt every render.
  const exclusionKey = excludeSystemGroups.join('\n');
  const groupOptions = useMemo((): ComboboxItemGroup<ComboboxItem<number>>[] => {
    const excluded = new Set(exclusionKey.split('\n'));
    const offered = groups.filter((g) => !g.deactivated);
    const system = offered
      .filter((g) => g.is_system_group && !excluded.has(g.name))
      .sort((a, b) => systemRank(a.name) - systemRank(b.name) || byName(a.name, b.name));
    const custom = offered.filter((g) => !g.is_system_group).sort((a, b) => byName(a.name, b.name));
    const toItem = (g: UserGroup): ComboboxItem<number> => ({ value: g.id, label: groupDisplayName(g) });
    return [
      { group: 'System groups', items: system.map(toItem) },
      { group: 'Custom groups', items: custom.map(toItem) },
    ].filter((section) => section.items.length > 0);
  }, [groups, exclusionKey]);
  const offeredGroupIds = useMemo(
    () => new Set(groupOptions.flatMap((section) => section.items.map((item) => item.value))),
    [groupOptions],
  );
  return { groupOptions, offeredGroupIds };
}

/** The active people by name, found by name or email (Mantine's default filter sees only the label). */
function useUserOptions(users: readonly GroupSettingPickerUser[]) {
  const userOptions = useMemo(
    (): ComboboxItem<number>[] =>
      users
        .filter((u) => u.is_active !== false)
        .map((u) => ({ value: u.user_id, label: u.full_name }))
        .sort((a, b) => byName(a.label, b.label)),
    [users],
  );
  const filterUsers = useMemo((): OptionsFilter<number> => {
    const haystack = new Map(users.map((u) => [u.user_id, `${u.full_name}\n${u.email ?? ''}`.toLowerCase()]));
    return ({ options, search, limit }) => {
      const needle = search.trim().toLowerCase();
      const found: ComboboxParsedItem<number>[] = [];
      for (const option of options) {
        if (found.length >= limit) break;
        if (isItem(option) && (haystack.get(option.value) ?? '').includes(needle)) found.push(option);
      }
      return found;
    };
  }, [users]);
  return { userOptions, filterUsers };
}

const pillRenderer =
  (labelFor: (id: number) => string, disabled: boolean) =>
  ({ value: id, onRemove }: ComboboxRenderPillInput<number>) => {
    if (id === undefined) return null;
    const text = labelFor(id);
    return (
      <Pill
        withRemoveButton={!disabled}
        onRemove={onRemove}
        disabled={disabled}
        // Mantine hides the remove button from assistive technology (Backspace removes too); naming it lets
        // screen-reader and pointer users alike remove a particular one.
        removeButtonProps={{ 'aria-hidden': false, 'aria-label': `Remove ${text}` }}
      >
        {text}
      </Pill>
    );
  };

/**
 * Chooses a group-setting value: one group, or an ad-hoc set of people and groups. Deactivated groups and
 * users are never offered, yet a value that already names one keeps it (shown marked), so opening and saving
 * a form never drops part of a setting silently.
 */
export function GroupSettingPicker({
  label,
  description,
  value,
  onChange,
  groups,
  groupNames,
  users,
  disabled = false,
  error,
  excludeSystemGroups = NO_EXCLUSIONS,
  allowAdHoc = true,
}: GroupSettingPickerProps) {
  const baseId = useId();
  const descriptionId = `${baseId}-description`;
  const errorId = `${baseId}-error`;
  const { shownMode, switchMode } = usePickerMode(value, onChange, allowAdHoc);
  const { groupOptions, offeredGroupIds } = useGroupOptions(groups, excludeSystemGroups);
  const hasError = Boolean(error);
  const describedBy = [description ? descriptionId : null, hasError ? errorId : null].filter(Boolean).join(' ');
  // Only the names are needed to describe a value; the options come from the full list alone.
  const named: readonly NamedGroup[] = groups.length === 0 && groupNames ? groupNames : groups;
  const common = { value, onChange, groups: named, users, disabled, hasError, groupOptions };

  return (
    <Fieldset legend={label} disabled={disabled} aria-describedby={describedBy || undefined}>
      <Stack gap="sm">
        {description ? (
          <Text id={descriptionId} size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {allowAdHoc ? (
          <Radio.Group<Mode> label="Set to" value={shownMode} onChange={switchMode} disabled={disabled}>
            <Group gap="md" mt={4}>
              <Radio value="group" label="A group" disabled={disabled} />
              <Radio value="ad-hoc" label="Specific people and groups" disabled={disabled} />
            </Group>
          </Radio.Group>
        ) : null}
        {shownMode === 'group' ? (
          <SingleGroupSelect {...common} offeredGroupIds={offeredGroupIds} />
        ) : (
          <AdHocSelects {...common} />
        )}
        {hasError ? <Input.Error id={errorId}>{error}</Input.Error> : null}
      </Stack>
    </Fieldset>
  );
}

interface PartProps {
  value: GroupSettingValue;
  onChange: (value: GroupSettingValue) => void;
  groups: readonly NamedGroup[];
  users: readonly GroupSettingPickerUser[];
  disabled: boolean;
  hasError: boolean;
  groupOptions: ComboboxItemGroup<ComboboxItem<number>>[];
}

function SingleGroupSelect({
  value,
  onChange,
  groups,
  users,
  disabled,
  hasError,
  groupOptions,
  offeredGroupIds,
}: PartProps & { offeredGroupIds: ReadonlySet<number> }) {
  // A current value the select cannot show (a deactivated or excluded group, or an ad-hoc set awaiting a
  // replacement) is spelled out instead, so the reader knows what stays until they choose.
  const selectedGroup = typeof value === 'number' && offeredGroupIds.has(value) ? value : null;
  const currentNote =
    selectedGroup === null
      ? `Currently ${describeGroupSetting(value, groups, users)}.${disabled ? '' : ' Choose a group to replace it.'}`
      : null;
  return (
    <Select<number>
      label="Group"
      placeholder="Choose a group"
      description={currentNote}
      data={groupOptions}
      value={selectedGroup}
      // A setting always names someone: picking the current group again keeps it rather than clearing.
      allowDeselect={false}
      onChange={(id) => {
        if (id !== null) onChange(id);
      }}
      searchable
      nothingFoundMessage="No matching groups"
      disabled={disabled}
      error={hasError}
    />
  );
}

function AdHocSelects({ value, onChange, groups, users, disabled, hasError, groupOptions }: PartProps) {
  const groupById = useMemo(() => new Map(groups.map((g) => [g.id, g])), [groups]);
  const userById = useMemo(() => new Map(users.map((u) => [u.user_id, u])), [users]);
  const { userOptions, filterUsers } = useUserOptions(users);
  const adHoc = asAdHoc(value);
  const setAdHoc = (next: Partial<AdHocGroupSetting>) => onChange({ ...adHoc, ...next });
  return (
    <>
      <MultiSelect<number>
        label="People"
        placeholder="Search by name or email"
        data={userOptions}
        value={adHoc.direct_members}
        onChange={(ids) => setAdHoc({ direct_members: ids })}
        searchable
        filter={filterUsers}
        limit={USER_OPTION_LIMIT}
        renderOption={({ option }) => {
          const email = userById.get(option.value)?.email;
          return (
            <div>
              <Text size="sm">{option.label}</Text>
              {email ? (
                <Text size="xs" c="dimmed">
                  {email}
                </Text>
              ) : null}
            </div>
          );
        }}
        renderPill={pillRenderer((id) => userLabel(id, userById.get(id)), disabled)}
        nothingFoundMessage="No matching people"
        disabled={disabled}
        error={hasError}
      />
      <MultiSelect<number>
        label="Groups"
        placeholder="Search groups"
        data={groupOptions}
        value={adHoc.direct_subgroups}
        onChange={(ids) => setAdHoc({ direct_subgroups: ids })}
        searchable
        renderPill={pillRenderer((id) => groupLabel(id, groupById.get(id)), disabled)}
        nothingFoundMessage="No matching groups"
        disabled={disabled}
        error={hasError}
      />
    </>
  );
}
