import { NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { memo, useState } from 'react';
import { LabelledChoice } from '../../components/labelled-choice';
import { ROLE, roleLabel, type RoleName } from '../../shared/svc/roles';
import { useFeature } from '../../client/use-role';
import { IMPORTED_NEVER_SIGNED_IN, type ActivityFilter } from './activity';
import { ROLE_FILTERS, type BotFilter, type StatusFilter, type UserFilters } from './filter-users';

const ALL = 'all';

const roleOptions = [
  { value: ALL, label: 'All roles' },
  ...ROLE_FILTERS.map((name) => ({ value: name, label: roleLabel(ROLE[name]) })),
];
type All = typeof ALL;

const statusOptions: { value: StatusFilter | All; label: string }[] = [
  { value: ALL, label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];
/** Imported accounts are told apart from level 433 on; below it the choice stays, disabled with the reason. */
function activityOptions(importedReason: string | null) {
  return [
    { value: ALL, label: 'Any activity' },
    { value: 'inactive', label: 'Inactive for more than…' },
    { value: 'never', label: 'Never active' },
    {
      value: 'imported',
      label: importedReason ? `${IMPORTED_NEVER_SIGNED_IN} (${importedReason})` : IMPORTED_NEVER_SIGNED_IN,
      disabled: importedReason !== null,
    },
  ];
}
const botOptions: { value: BotFilter | All; label: string }[] = [
  { value: ALL, label: 'All' },
  { value: 'humans', label: 'Humans' },
  { value: 'bots', label: 'Bots' },
];

export type SetFilter = <K extends 'q' | 'role' | 'status' | 'bots' | 'activity'>(
  key: K,
  value: UserFilters[K],
) => void;

/** The search box: the one part of the page each keystroke has to re-render at once. */
export const SearchBox = memo(function SearchBox({ value, setFilter }: { value: string; setFilter: SetFilter }) {
  return (
    <TextInput
      label="Search users"
      placeholder="Name or email"
      type="search"
      value={value}
      onChange={(event) => setFilter('q', event.currentTarget.value)}
      style={{ flex: '1 1 16rem' }}
    />
  );
});

const MAX_DAYS = 99999;

/**
 * The inactivity threshold: what is typed stays on screen; an invalid value is named on the field and the list
 * keeps filtering by the last valid one, which the field's description states.
 */
function InactiveDaysInput({ days, onDays }: { days: number; onDays: (days: number) => void }) {
  const [typed, setTyped] = useState<string | number>(days);
  const [shownDays, setShownDays] = useState(days);
  // The URL changed the threshold (another link, Back): show that value.
  if (shownDays !== days) {
    setShownDays(days);
    setTyped(days);
  }
  const value = typeof typed === 'number' ? typed : Number(typed);
  const valid = String(typed).trim() !== '' && Number.isInteger(value) && value >= 1 && value <= MAX_DAYS;
  return (
    <NumberInput
      label="Days"
      min={1}
      max={MAX_DAYS}
      allowDecimal={false}
      value={typed}
      error={valid ? undefined : `Enter whole days from 1 to ${MAX_DAYS.toLocaleString()}`}
      description={`Filtering by ${days.toLocaleString()} ${days === 1 ? 'day' : 'days'}`}
      onChange={(next) => {
        setTyped(next);
        const n = typeof next === 'number' ? next : Number(next);
        if (String(next).trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_DAYS) onDays(n);
      }}
      w={170}
    />
  );
}

/** The other filters: they change with a click, not with each keystroke in the search box. */
export const UsersFilters = memo(function UsersFilters({
  role,
  status,
  bots,
  activity,
  inactiveDays,
  setFilter,
  setInactiveDays,
}: {
  role: RoleName | null;
  status: StatusFilter | null;
  bots: BotFilter | null;
  activity: ActivityFilter | null;
  inactiveDays: number;
  setFilter: SetFilter;
  setInactiveDays: (days: number) => void;
}) {
  const imported = useFeature('importedStubs');
  // A fragment: the controls sit in the page's row of filters, next to the search box.
  return (
    <>
      <NativeSelect
        label="Role"
        data={roleOptions}
        value={role ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setFilter('role', value === ALL ? null : (value as RoleName));
        }}
        w={170}
      />
      <LabelledChoice
        label="Status"
        data={statusOptions}
        value={status ?? ALL}
        onChange={(value) => setFilter('status', value === ALL ? null : value)}
      />
      <NativeSelect
        label="Activity"
        data={activityOptions(imported.reason)}
        value={activity ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setFilter('activity', value === ALL ? null : (value as ActivityFilter));
        }}
        w={200}
      />
      {activity === 'inactive' ? <InactiveDaysInput days={inactiveDays} onDays={setInactiveDays} /> : null}
      <LabelledChoice
        label="Bots"
        data={botOptions}
        value={bots ?? ALL}
        onChange={(value) => setFilter('bots', value === ALL ? null : value)}
      />
    </>
  );
});
