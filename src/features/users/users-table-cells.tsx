import type { MouseEvent } from 'react';
import classes from './users-table.module.css';

// The users table renders these once per row, and again for every row on each filter change: plain
// elements styled like Mantine's Badge and Checkbox, without a component's hooks and style resolution.

/** "Active" or "Deactivated", like `ActiveBadge` (Mantine's light Badge, size sm). */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <span className={classes.badge} data-active={active || undefined}>
      {active ? 'Active' : 'Deactivated'}
    </span>
  );
}

const noop = () => undefined;

/** A row's selection checkbox: a native checkbox, styled like Mantine's filled Checkbox (size sm). */
export function RowCheckbox({
  label,
  checked,
  onClick,
}: {
  label: string;
  checked: boolean;
  onClick: (event: MouseEvent<HTMLInputElement>) => void;
}) {
  return (
    <span className={classes.checkbox}>
      <input
        type="checkbox"
        className={`${classes.checkboxInput} mantine-focus-auto`}
        aria-label={label}
        checked={checked}
        onClick={onClick}
        // Controlled by the selection, which onClick updates (a change event would not carry Shift).
        onChange={noop}
      />
      <svg className={classes.checkboxIcon} viewBox="0 0 10 7" fill="none" aria-hidden>
        <path
          d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
          fill="currentColor"
          fillRule="evenodd"
          clipRule="evenodd"
        />
      </svg>
    </span>
  );
}
